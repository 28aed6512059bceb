// Terminal output shared by CLI commands: tables, a progress bar shown only on a TTY, and
// one JSON object on stdout for --json.
import cliProgress from 'cli-progress';
import Table from 'cli-table3';

/** `widths` wraps long cells (column widths in characters, including padding). */
export function printTable(head: string[], rows: (string | number)[][], widths?: number[]): void {
  const table = new Table({ head, style: { head: [], border: [] }, ...(widths ? { colWidths: widths, wordWrap: true } : {}) });
  for (const row of rows) table.push(row.map(String));
  console.log(table.toString());
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

export interface ProgressBar {
  update(done: number, label: string): void;
  stop(): void;
}

/** A bar on stderr when it is a terminal; otherwise nothing is drawn. */
export function progressBar(total: number, enabled = true): ProgressBar {
  if (!enabled || !process.stderr.isTTY || total <= 0) return { update() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    { format: ' {bar} {value}/{total} {label}', stream: process.stderr, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { label: '' });
  return {
    update: (done, label) => bar.update(done, { label }),
    stop: () => bar.stop(),
  };
}

export function warn(message: string): void {
  process.stderr.write(`${message}\n`);
}
