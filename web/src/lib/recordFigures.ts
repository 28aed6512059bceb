// A record's run time and memory are measurements only when its tests ran: a compile error, a
// system error or a verdict still to come has none (the record holds 0 there), shown as "—".
import { isFinalVerdict } from './verdict.ts';

const NOT_RUN = new Set(['CE', 'SE']);

export function hasRunFigures(judgeResult: string): boolean {
  return isFinalVerdict(judgeResult) && !NOT_RUN.has(judgeResult.trim().toUpperCase());
}
