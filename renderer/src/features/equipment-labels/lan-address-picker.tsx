import { Alert, Select } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';

/**
 * Shown when this page is open on localhost and the server knows its LAN addresses: the QR codes
 * use one of them (a phone cannot open localhost). One address → shown; several → a choice.
 */
export function LanAddressPicker({
  pageOrigin,
  offered,
  value,
  onChange,
}: {
  pageOrigin: string;
  offered: string[];
  value: string | null;
  onChange: (address: string) => void;
}) {
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconQrcode size={18} />}
      title="QR codes point to this PC's LAN address"
      data-testid="lan-address-choice"
    >
      This page is open at {pageOrigin}, which phones cannot reach; the QR codes use this PC&apos;s address on the
      station network instead.
      <Select
        mt="sm"
        label="LAN address"
        description={offered.length > 1 ? 'Pick the one on the network the phones use' : undefined}
        data={offered}
        value={value}
        allowDeselect={false}
        onChange={(next) => next && onChange(next)}
        maw={360}
      />
    </Alert>
  );
}
