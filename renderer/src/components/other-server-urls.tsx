import { Stack, Text } from '@mantine/core';
import { CopyValue } from '@/components/copy-value';
import { useServerList } from '@/lib/api/system/get-server-list';

interface OtherServerUrlsProps {
  title: string;
  /** What a graphics program should do with them. */
  hint: string;
  /** The address on one server (`http://192.168.1.21:3000`). */
  urlOn: (server: string) => string;
  /** For the copy button: "Copy <label> on <server>". */
  label: string;
  testId: string;
}

/**
 * The same address on the station's other servers (issue 43: two MCR PCs on one store), for the
 * graphics programs that must reach a living one; nothing when this server is alone.
 */
export function OtherServerUrls({ title, hint, urlOn, label, testId }: OtherServerUrlsProps) {
  const list = useServerList();
  // This server comes first in the list.
  const others = (list.data?.servers ?? []).slice(1);
  if (others.length === 0) return null;
  return (
    <Stack gap={6} data-testid={testId}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      {others.map((server) => (
        <CopyValue key={server} value={urlOn(server)} label={`${label} on ${server}`} />
      ))}
    </Stack>
  );
}
