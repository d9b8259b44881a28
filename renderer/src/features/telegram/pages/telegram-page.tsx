import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBroadcast, IconNews, IconPackage } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { can, type Permission } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { useCurrentUser } from '@/lib/session-store';
import { AddEquipmentBotDialog, AddNewsBotDialog } from '../components/bot-dialogs';
import { UpdateCgBarDialog } from '../components/update-cg-bar-dialog';
import { useCgNext } from '@/lib/api/cg/get-cg-next';
import { BotStatus } from '../components/bot-status';
import { BotTips, CommandList } from '../components/command-list';
import { onlyRolesCan } from '../allowed-roles';
import { TestMessageCard } from '../components/test-message-card';

type DialogName = 'equipment' | 'news' | 'cg' | null;

interface ActionCardProps {
  icon: ReactNode;
  title: string;
  text: string;
  onOpen: () => void;
  permission: Permission;
  /** What the button does, for the line saying who may ('add equipment'). */
  action: string;
}

function ActionCard(props: ActionCardProps) {
  const user = useCurrentUser();
  const disabled = !can(user, props.permission);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs" h="100%" justify="space-between">
        <div>
          {props.icon}
          <Title order={2} size="h5" mt={4}>
            {props.title}
          </Title>
          <Text size="sm" c="dimmed">
            {props.text}
          </Text>
        </div>
        <Stack gap={4}>
          <Button
            variant="light"
            onClick={props.onOpen}
            disabled={disabled}
            aria-describedby={disabled ? `why-${props.permission}` : undefined}
          >
            {props.title}
          </Button>
          {/* Said in words, not a hover tooltip: a disabled button gets no hover, and phones have none. */}
          {disabled && (
            <Text size="xs" c="dimmed" id={`why-${props.permission}`} data-testid="action-not-allowed">
              {onlyRolesCan(props.permission, props.action)}
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** /telegram — chat-bot control (docs/product.md §Screens and routes). */
export default function TelegramPage() {
  const user = useCurrentUser();
  const [open, setOpen] = useState<DialogName>(null);
  // Take mode (issue 38): the card says where its text goes before anyone opens it.
  const takeMode = useCgNext().data?.takeMode === true;
  const close = () => setOpen(null);
  return (
    <Stack gap="md" maw={1100}>
      <PageTitle
        title="Telegram Bot"
        description="The station's chat bot: status, quick actions, commands and test messages"
      />
      <BotStatus />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <ActionCard
          icon={<IconPackage size={22} />}
          title="Add Equipment"
          text="Add an item to the catalogue, as /addequipment does"
          onOpen={() => setOpen('equipment')}
          permission="equipment.manage"
          action="add equipment"
        />
        <ActionCard
          icon={<IconNews size={22} />}
          title="Add Breaking News"
          text="File an article, as /addnews does"
          onOpen={() => setOpen('news')}
          permission="news.create"
          action="file news"
        />
        <ActionCard
          icon={<IconBroadcast size={22} />}
          title="Update CG Bar"
          text={
            takeMode
              ? 'Headline, subheadline, crawler or hashtag — staged in NEXT for the control room to take'
              : 'Headline, subheadline, crawler or hashtag — on air now'
          }
          onOpen={() => setOpen('cg')}
          permission="cg.write"
          action="update the CG bar"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CommandList />
        <Stack gap="md">
          <BotTips />
          {can(user, 'settings.manage') && <TestMessageCard companyId={user.companyId} />}
        </Stack>
      </SimpleGrid>
      <AddEquipmentBotDialog opened={open === 'equipment'} onClose={close} />
      <AddNewsBotDialog opened={open === 'news'} onClose={close} />
      <UpdateCgBarDialog opened={open === 'cg'} onClose={close} />
    </Stack>
  );
}
