import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { PROMPTER_PANEL_HEIGHT_PX } from '@shared/constants';
import { PageTitle } from '@/app/page-title';
import { usePrompters } from '../api/prompters';
import { PrompterView } from '../reader/prompter-view';

/** Interim page until the list and dialogs land: pick a prompter to read it full screen. */
export default function PrompterPage() {
  const prompters = usePrompters();
  const [id, setId] = useState<number | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const selected = prompters.data?.find((p) => p.id === id);
  return (
    <div>
      <PageTitle title="Prompter System" description="Real-time script display for news broadcasts" />
      <Group gap="xs" mb="sm">
        {prompters.data?.map((p) => (
          <Button
            key={p.id}
            variant="default"
            onClick={() => {
              setId(p.id);
              setFullScreen(true);
            }}
          >
            {p.name}
          </Button>
        ))}
      </Group>
      <div style={{ height: PROMPTER_PANEL_HEIGHT_PX }}>
        {selected && <PrompterView prompter={selected} fullScreen={fullScreen} onFullScreenChange={setFullScreen} />}
      </div>
    </div>
  );
}
