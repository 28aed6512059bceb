// The latency tables of the live-update benchmarks (sse, boards, rehearsal): a percentile, a
// figure, and one markdown row of count, p50, p99 and worst.

/** The p-th percentile of `values` (NaN for none). */
export function pct(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');

/** `| name | got/of | p50 | p99 | worst |` */
export const row = (name: string, values: number[], of = values.length) =>
  `| ${name} | ${values.length}/${of} | ${fmt(pct(values, 50))} | ${fmt(pct(values, 99))} | ${fmt(values.length ? Math.max(...values) : NaN)} |`;
