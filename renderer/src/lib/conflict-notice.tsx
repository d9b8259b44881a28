import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { VersionConflict } from '@shared/contracts/common';
import { conflictHeadline, versionConflictOf } from './version-conflict';

/**
 * The version a form started from and the conflict its last save met (issue 26). `onError` wraps
 * a mutation's error handler: a stale-version 409 is kept to show, anything else goes on as before.
 */
export function useVersionConflict<T extends { version: number }>(startVersion: number | undefined) {
  const [version, setVersion] = useState(startVersion);
  const [conflict, setConflict] = useState<VersionConflict<T> | null>(null);
  const onError = (otherwise: (error: Error) => void) => (error: Error) => {
    const found = versionConflictOf<T>(error);
    if (found) setConflict(found);
    else otherwise(error);
  };
  /** Accept the record as it is now: the next save starts from its version. Returns it, or null. */
  const resolve = (): T | null => {
    if (!conflict) return null;
    setVersion(conflict.current.version);
    setConflict(null);
    return conflict.current;
  };
  return { version, conflict, onError, resolve };
}

interface Props {
  conflict: VersionConflict<unknown>;
  /** What the record is called in the sentence: "bulletin", "prompter", "equipment item"... */
  record: string;
  pending?: boolean;
  onLoadTheirs: () => void;
  onOverwrite: () => void;
}

/** "<Name> changed this <record> <when> — your changes were not saved", and the two ways on. */
export function ConflictNotice({ conflict, record, pending, onLoadTheirs, onOverwrite }: Props) {
  return (
    <Alert
      color="orange"
      data-testid="conflict-notice"
      title={`${conflictHeadline(conflict, record)} — your changes were not saved`}
    >
      <Text size="sm" mb="xs">
        Load their version into the form, or save yours over it.
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={onLoadTheirs} disabled={pending}>
          Load theirs
        </Button>
        <Button size="xs" color="orange" onClick={onOverwrite} loading={pending}>
          Overwrite with mine
        </Button>
      </Group>
    </Alert>
  );
}
