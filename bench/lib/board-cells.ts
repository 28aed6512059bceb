// What bench/rehearsal.ts and its screens (sse-clients.ts) agree a board cell has reached.

/** A cell's progress, which only grows in a contest without rejudges: solved, then tries, then pending tries. */
export function cellMeasure(cell: { result: string; cnt: number; pending?: number } | undefined): number {
  return cell ? (cell.result === 'AC' ? 100_000 : 0) + cell.cnt * 100 + (cell.pending ?? 0) : 0;
}
