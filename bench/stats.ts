/** Latency summary in milliseconds. */
export interface Summary {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  const round = (v: number) => Math.round(v * 100) / 100;
  return { n: sorted.length, p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted[sorted.length - 1] ?? NaN) };
}

export const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

export function formatRow(label: string, s: Summary, target = ''): string {
  return `| ${label} | ${s.n} | ${s.p50} | ${s.p99} | ${s.max} | ${target} |`;
}
