import { Alert, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { LAN_ADDRESS_KEY, normaliseLanAddress } from '@/lib/label-url';

export function readStoredLanAddress(): string {
  return localStorage.getItem(LAN_ADDRESS_KEY) ?? '';
}

/**
 * Shown when this page is open on localhost (the desktop app's own window): a QR with
 * 127.0.0.1 would send the phone to itself. The typed address is remembered for next time.
 */
export function LanAddressField({ pageOrigin, onChange }: { pageOrigin: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(readStoredLanAddress);
  const valid = normaliseLanAddress(value) !== null;
  const change = (next: string) => {
    setValue(next);
    localStorage.setItem(LAN_ADDRESS_KEY, next);
    onChange(next);
  };
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Phones cannot open this address"
      data-testid="lan-address-warning"
    >
      This page is open at {pageOrigin}, which on a phone means the phone itself. Enter this PC&apos;s address on the
      station network (the one phones use), and the QR codes will point there.
      <TextInput
        mt="sm"
        label="LAN address"
        placeholder="http://192.168.1.20:3000"
        value={value}
        onChange={(e) => change(e.currentTarget.value)}
        error={value && !valid ? 'Enter an address like http://192.168.1.20:3000' : undefined}
        maw={360}
      />
    </Alert>
  );
}
