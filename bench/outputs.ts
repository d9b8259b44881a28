import type { Output, OutputInput } from '../shared/contracts/outputs';
import type { ApiClient } from '../server/test/api-client';
import { startHelperProcess } from './feeds-process';
import { block, closeTarget, headlineFile, hotPathTarget } from './cg-hot-path';
import { p99WithinBaseline, summaryRow, type BenchRow } from './results';
import { summarize } from './stats';
import { ServerCpu } from './server-cpu';

const SECTION = 'outputs';

/**
 * The four outputs of issue 25's target: fake CasparCG, OBS and vMix that answer, and a vMix that
 * hangs — in a process of their own (bench/fake-devices-main.ts): in a station they are other machines.
 */
async function startDevices() {
  const devices = await startHelperProcess('fake-devices-main.ts');
  const at = JSON.parse(devices.line) as { casparPort: number; obsUrl: string; vmixUrl: string; hangingUrl: string };
  const bodies: OutputInput[] = [
    {
      kind: 'casparcg',
      name: 'bench CasparCG',
      enabled: false,
      config: { host: '127.0.0.1', port: at.casparPort, template: 'lower', types: ['headline'] },
    },
    {
      kind: 'obs',
      name: 'bench OBS',
      enabled: false,
      config: {
        url: at.obsUrl,
        password: 'bench-pass',
        mapping: [{ type: 'headline', input: 'CG Headline', scene: 'News' }],
      },
    },
    {
      kind: 'vmix',
      name: 'bench vMix',
      enabled: false,
      config: { url: at.vmixUrl, input: 'Lower Third', mapping: [{ type: 'headline', field: 'Headline.Text' }] },
    },
    {
      kind: 'vmix',
      name: 'bench vMix (hangs)',
      enabled: false,
      config: { url: at.hangingUrl, input: 'Lower Third', mapping: [{ type: 'headline', field: 'Headline.Text' }] },
    },
  ];
  // Diagnostics: CGB_BENCH_OUTPUTS=0,2 keeps only those of the four (each one's CPU apart).
  const only = process.env.CGB_BENCH_OUTPUTS?.split(',').map(Number);
  return { bodies: only ? bodies.filter((_b, i) => only.includes(i)) : bodies, close: () => devices.close() };
}

/** Switches every bench output on or off (PUT with the version it read). */
async function setEnabled(api: ApiClient, ids: number[], enabled: boolean): Promise<void> {
  const all = (await api.get<Output[]>('/api/outputs')).body;
  for (const o of all.filter((x) => ids.includes(x.id))) {
    const config = o.kind === 'obs' ? { url: o.config.url, mapping: o.config.mapping } : o.config;
    const res = await api.put(`/api/outputs/${o.id}`, {
      kind: o.kind,
      name: o.name,
      enabled,
      version: o.version,
      config,
    });
    if (res.status !== 200) throw new Error(`output ${o.name}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  // Let the lanes' first full sends go out (the hanging one keeps timing out and retrying throughout).
  await new Promise((r) => setTimeout(r, 300));
}

/**
 * Issue 25: the CG hot path (update-direct → file replaced → 200 WS clients got it) with four
 * outputs enabled, one of them hanging, against the same station's file-only path in the SAME
 * run: alternating blocks (outputs on, off, on, …) so drift lands on both. Target p99 ≤ 1.2×.
 */
export async function outputsRows(
  api: ApiClient,
  baseDir: string,
  blocks = 5,
  perBlock = 200,
  pid?: number,
): Promise<BenchRow[]> {
  const devices = await startDevices();
  const ids: number[] = [];
  for (const body of devices.bodies) {
    const res = await api.post<Output>('/api/outputs', body);
    if (res.status !== 201) throw new Error(`add output: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.id);
  }
  const target = await hotPathTarget(api, headlineFile(baseDir));
  try {
    const withOutputs: number[] = [];
    const fileOnly: number[] = [];
    const cpu = { on: new CpuPerWrite(pid), off: new CpuPerWrite(pid) };
    await block(target, 20, 'warm');
    for (let i = 0; i < blocks; i++) {
      await setEnabled(api, ids, true);
      withOutputs.push(...(await cpu.on.during(perBlock, () => block(target, perBlock, 'outputs'))));
      await setEnabled(api, ids, false);
      fileOnly.push(...(await cpu.off.during(perBlock, () => block(target, perBlock, 'file-only'))));
    }
    const on = summarize(withOutputs);
    const off = summarize(fileOnly);
    return [
      summaryRow(
        SECTION,
        `CG hot path, 4 outputs on (CasparCG, OBS, vMix, 1 hanging), 200 WS clients (p99 ${(on.p99 / off.p99).toFixed(2)}× file-only${cpu.on.text()})`,
        on,
        p99WithinBaseline(1.2, off, 'file-only'),
      ),
      summaryRow(SECTION, `  the same station file-only (outputs off), same run${cpu.off.text()}`, off),
    ];
  } finally {
    closeTarget(target);
    for (const id of ids) await api.delete(`/api/outputs/${id}`);
    await devices.close();
  }
}

/** The server's CPU per write over some blocks: the air thread and the whole process. */
class CpuPerWrite {
  private readonly cpu: ServerCpu;
  private writes = 0;

  constructor(pid?: number) {
    this.cpu = new ServerCpu(pid);
  }

  async during<T>(writes: number, work: () => Promise<T>): Promise<T> {
    const result = await this.cpu.during(work);
    this.writes += writes;
    return result;
  }

  text(): string {
    if (this.cpu.pid === undefined || !this.writes) return '';
    return `; server CPU per write ${(this.cpu.processMs / this.writes).toFixed(2)} ms, air thread ${(this.cpu.airMs / this.writes).toFixed(2)} ms`;
  }
}
