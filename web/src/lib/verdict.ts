// Verdict codes, their names and tag colours (spec §4).

export interface VerdictInfo {
  code: string;
  name: string;
  color: string;
}

const VERDICTS: Record<string, { name: string; color: string }> = {
  CP: { name: 'Compiling', color: 'default' },
  JG: { name: 'Judging', color: 'default' },
  PD: { name: 'Pending', color: 'default' },
  AC: { name: 'Accepted', color: 'green' },
  TLE: { name: 'Time Limit Exceeded', color: 'gold' },
  MLE: { name: 'Memory Limit Exceeded', color: 'black' },
  RE: { name: 'Runtime Error', color: 'purple' },
  SE: { name: 'System Error', color: 'red' },
  WA: { name: 'Wrong Answer', color: 'red' },
  PE: { name: 'Presentation Error', color: 'red' },
  CE: { name: 'Compilation Error', color: 'orange' },
  CAN: { name: 'Canceled', color: 'default' },
};

export const UNKNOWN_VERDICT = { name: 'Unknown', color: 'default' };

export function verdictInfo(code: string | null | undefined): VerdictInfo {
  const key = (code ?? '').trim().toUpperCase();
  const known = VERDICTS[key];
  return known ? { code: key, ...known } : { code: key, ...UNKNOWN_VERDICT };
}

/** States after which nothing more will change for a submission. */
export function isFinalVerdict(code: string | null | undefined): boolean {
  const key = (code ?? '').trim().toUpperCase();
  return key !== '' && key !== 'PD' && key !== 'JG' && key !== 'CP';
}
