import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * One LAN address with a copy button. Browsers offer the clipboard only to secure pages
 * (https, localhost): in a LAN browser over plain http the button would do nothing, so it is
 * left out there and the address stays selectable text.
 */
export function LanAddressCopy({ address, size = 'sm' }: { address: string; size?: 'xs' | 'sm' }) {
  const canCopy = window.isSecureContext && 'clipboard' in navigator;
  return (
    <Group gap={4} wrap="nowrap" data-testid="lan-address" data-address={address}>
      <Text size={size} ff="monospace" fw={600} style={{ wordBreak: 'break-all' }}>
        {address}
      </Text>
      {canCopy && (
        <CopyButton value={address} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy address'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                size={size === 'xs' ? 'sm' : 'md'}
                onClick={copy}
                aria-label={`Copy ${address}`}
              >
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      )}
    </Group>
  );
}
