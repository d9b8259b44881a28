import {
  casparcgConfigSchema,
  obsConfigInputSchema,
  vmixConfigSchema,
  type ObsConfig,
  type Output,
  type OutputInputParsed,
  type OutputStatus,
  type StoredOutput,
} from '../../../shared/contracts/outputs';
import type { OutputRow } from '../../db/schema';

/**
 * A row's config, read back through the kind's contract (a row is only ever written from a parsed
 * body, so this fails only on a hand-edited database — then loudly, naming the output).
 */
export function storedOutput(row: Pick<OutputRow, 'id' | 'kind' | 'config'>): StoredOutput {
  const raw: unknown = JSON.parse(row.config);
  switch (row.kind) {
    case 'casparcg':
      return { kind: 'casparcg', config: casparcgConfigSchema.parse(raw) };
    case 'obs': {
      const c = obsConfigInputSchema.parse(raw);
      return { kind: 'obs', config: { url: c.url, password: c.password ?? null, mapping: c.mapping } };
    }
    case 'vmix':
      return { kind: 'vmix', config: vmixConfigSchema.parse(raw) };
  }
}

/**
 * The config to store from a create/update body. The OBS password is write-only: omitted keeps
 * the stored one (the browser never had it), null removes it, a string replaces it.
 */
export function configToStore(input: OutputInputParsed, previous: StoredOutput | null): string {
  if (input.kind !== 'obs') return JSON.stringify(input.config);
  const kept = previous?.kind === 'obs' ? previous.config.password : null;
  const password = input.config.password === undefined ? kept : input.config.password || null;
  const config: ObsConfig = { url: input.config.url, password, mapping: input.config.mapping };
  return JSON.stringify(config);
}

/** The browser's view: no password, only whether one is set. */
export function presentOutput(row: OutputRow, status: OutputStatus): Output {
  const base = {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    version: row.version,
    status,
    updatedAt: row.updatedAt,
  };
  const stored = storedOutput(row);
  if (stored.kind === 'obs') {
    const { password, ...rest } = stored.config;
    return { ...base, kind: 'obs', config: { ...rest, passwordSet: password !== null } };
  }
  return { ...base, ...stored };
}
