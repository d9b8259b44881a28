import { z } from 'zod';
import { CG_WRITABLE_TYPES } from '../constants';
import { expectedVersionSchema, requiredText } from './common';

/**
 * Outputs a station drives directly (issue 25): CasparCG over AMCP, OBS over obs-websocket v5,
 * vMix over its HTTP API. The text files and the HTML overlay are not rows here: they are always
 * on. Decisions: docs/decisions.md "Issue 25 — outputs".
 */
export const OUTPUT_KINDS = ['casparcg', 'obs', 'vmix'] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];

export const OUTPUTS = {
  /** One send (connect included) gives up after this long: the output is then retried, never waited on. */
  sendTimeoutMs: 2_000,
  /** The Test button's connect-and-answer limit. */
  testTimeoutMs: 3_000,
  /** After a failed send: first retry after this long, doubling, capped. */
  retryBaseMs: 1_000,
  retryMaxMs: 15_000,
  /**
   * Failing this long without a confirmed send, or this many sends in a row, is Error (issue 38):
   * red in every operator's header, the bell, the optional sound. Retrying before that.
   */
  errorAfterMs: 5_000,
  errorAfterFailures: 3,
  /**
   * How long a send or Take that asks for the outputs' answer waits for them: the send limit and a
   * moment for a timed-out send's verdict to arrive. Whatever has not answered by then is 'sending'.
   */
  answerWaitMs: 2_250,
  nameMax: 80,
  hostMax: 253,
  nameInDeviceMax: 200,
  mappingMax: CG_WRITABLE_TYPES.length,
} as const;

const cgType = z.enum(CG_WRITABLE_TYPES, { error: 'type must be a CG type' });
const deviceName = (what: string) => requiredText(`${what} is required`, OUTPUTS.nameInDeviceMax);
const optionalDeviceName = z
  .string()
  .trim()
  .max(OUTPUTS.nameInDeviceMax, `Must be at most ${OUTPUTS.nameInDeviceMax} characters`)
  .optional();
const urlOf = (schemes: string[], label: string) =>
  z
    .string({ error: 'URL is required' })
    .trim()
    .min(1, 'URL is required')
    .max(2000, 'URL must be at most 2000 characters')
    .refine((v) => URL.canParse(v) && schemes.includes(new URL(v).protocol), `URL must start with ${label}`);
const whole = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);
/** No two rows of a mapping may name the same CG type (which text would win?). */
const uniqueTypes = <T extends { type: string }>(rows: T[]) => new Set(rows.map((r) => r.type)).size === rows.length;

export const casparcgConfigSchema = z.object({
  host: requiredText('Host is required', OUTPUTS.hostMax).refine(
    (v) => /^[A-Za-z0-9.:_-]+$/.test(v),
    'Host must be a host name or IP address',
  ),
  port: whole('Port', 1, 65535).default(5250),
  channel: whole('Channel', 1, 999).default(1),
  layer: whole('Layer', 1, 9999).default(20),
  template: deviceName('Template').refine(
    (v) => !/["\r\n\\]/.test(v),
    'Template must not contain quotes, backslashes or line breaks',
  ),
  /** The CG types the template shows (its data fields); empty: every type. */
  types: z.array(cgType).max(OUTPUTS.mappingMax).default([]),
});

export const obsMappingSchema = z.object({
  type: cgType,
  /** The OBS text source (Text GDI+ / FreeType 2) that shows this type. */
  input: deviceName('Text source'),
  /** A scene holding that source: its item is hidden while the text is empty, shown when not. */
  scene: optionalDeviceName,
});

/** What the browser sends: `password` omitted keeps the stored one, null removes it. */
export const obsConfigInputSchema = z.object({
  url: urlOf(['ws:', 'wss:'], 'ws:// or wss://'),
  password: z.string().max(256, 'Password must be at most 256 characters').nullable().optional(),
  mapping: z
    .array(obsMappingSchema)
    .min(1, 'Map at least one CG type')
    .max(OUTPUTS.mappingMax)
    .refine(uniqueTypes, 'Each CG type may be mapped once'),
});

export const vmixMappingSchema = z.object({
  type: cgType,
  /** The title's field, e.g. Headline.Text. */
  field: deviceName('Field'),
});

export const vmixConfigSchema = z.object({
  url: urlOf(['http:', 'https:'], 'http:// or https://'),
  /** The title input: its number, name or key. */
  input: deviceName('Title input'),
  mapping: z
    .array(vmixMappingSchema)
    .min(1, 'Map at least one CG type')
    .max(OUTPUTS.mappingMax)
    .refine(uniqueTypes, 'Each CG type may be mapped once'),
});

const common = {
  name: requiredText('Name is required', OUTPUTS.nameMax),
  enabled: z.boolean().default(true),
  version: expectedVersionSchema,
};

/** Create and update: the whole output (kind-specific config), plus the version an edit started from. */
export const outputInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('casparcg'), config: casparcgConfigSchema, ...common }),
    z.object({ kind: z.literal('obs'), config: obsConfigInputSchema, ...common }),
    z.object({ kind: z.literal('vmix'), config: vmixConfigSchema, ...common }),
  ],
  { error: 'kind must be casparcg, obs or vmix' },
);
export type OutputInput = z.input<typeof outputInputSchema>;
export type OutputInputParsed = z.output<typeof outputInputSchema>;

export type CasparcgConfig = z.output<typeof casparcgConfigSchema>;
export type ObsMapping = z.output<typeof obsMappingSchema>;
/** As stored: the password in clear (the OBS handshake needs it); never sent to a browser. */
export type ObsConfig = { url: string; password: string | null; mapping: ObsMapping[] };
export type VmixConfig = z.output<typeof vmixConfigSchema>;
export type OutputConfig = CasparcgConfig | ObsConfig | VmixConfig;
export type StoredOutput =
  | { kind: 'casparcg'; config: CasparcgConfig }
  | { kind: 'obs'; config: ObsConfig }
  | { kind: 'vmix'; config: VmixConfig };

export const OUTPUT_STATES = ['connecting', 'connected', 'retrying', 'error', 'disabled'] as const;
export type OutputState = (typeof OUTPUT_STATES)[number];

export const outputStatusSchema = z.object({
  state: z.enum(OUTPUT_STATES),
  /** Why it is retrying or in error (the device's or the network's words). */
  message: z.string().nullable(),
  /** The last send the output confirmed. */
  lastOkAt: z.string().nullable(),
  at: z.string(),
  /** Since when its sends fail without one confirmed in between (null: not failing). Issue 38. */
  failingSince: z.string().nullable(),
});
export type OutputStatus = z.infer<typeof outputStatusSchema>;

/** The browser's view of the OBS config: the password is write-only ("set" / "not set"). */
const obsConfigView = z.object({ url: z.string(), passwordSet: z.boolean(), mapping: z.array(obsMappingSchema) });

const viewCommon = {
  id: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  version: z.number(),
  status: outputStatusSchema,
  updatedAt: z.string(),
};
export const outputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('casparcg'), config: casparcgConfigSchema, ...viewCommon }),
  z.object({ kind: z.literal('obs'), config: obsConfigView, ...viewCommon }),
  z.object({ kind: z.literal('vmix'), config: vmixConfigSchema, ...viewCommon }),
]);
export type Output = z.infer<typeof outputSchema>;

/** GET /api/outputs/status: every output's status, for the header (all signed-in users). */
export const outputStatusEntrySchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(OUTPUT_KINDS),
  status: outputStatusSchema,
});
export type OutputStatusEntry = z.infer<typeof outputStatusEntrySchema>;

/** POST /api/outputs/:id/test */
export const outputTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type OutputTestResult = z.infer<typeof outputTestResultSchema>;

export const OUTPUT_KIND_LABELS: Record<OutputKind, string> = { casparcg: 'CasparCG', obs: 'OBS', vmix: 'vMix' };
