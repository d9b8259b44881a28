import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

/** The mobile page's own sign-in screen (spec 001 §2): /field is outside the app's guard. */
export function AuthRequired() {
  const navigate = useNavigate();
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder radius="md" p="xl" w="100%" maw={400}>
        <Stack align="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconLock size={26} />
          </ThemeIcon>
          <Title order={1} size="h3" ta="center">
            Authentication Required
          </Title>
          <Text c="dimmed" size="sm" ta="center">
            Please log in to access the mobile field interface.
          </Text>
          <Button fullWidth mt="xs" onClick={() => void navigate('/login')}>
            Go to Login
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
