// Verdict codes, their names (in the current language) and tag colours (spec §4).
import { getLanguage, translate, type Language, type MessageKey } from '../i18n/index.ts';

export interface VerdictInfo {
  code: string;
  name: string;
  color: string;
}

const VERDICTS: Record<string, { name: MessageKey; color: string }> = {
  CP: { name: 'verdict.CP', color: 'default' },
  JG: { name: 'verdict.JG', color: 'default' },
  PD: { name: 'verdict.PD', color: 'default' },
  AC: { name: 'verdict.AC', color: 'green' },
  TLE: { name: 'verdict.TLE', color: 'gold' },
  MLE: { name: 'verdict.MLE', color: 'black' },
  RE: { name: 'verdict.RE', color: 'purple' },
  SE: { name: 'verdict.SE', color: 'red' },
  WA: { name: 'verdict.WA', color: 'red' },
  PE: { name: 'verdict.PE', color: 'red' },
  CE: { name: 'verdict.CE', color: 'orange' },
  CAN: { name: 'verdict.CAN', color: 'default' },
};

const UNKNOWN_VERDICT = { name: 'verdict.unknown', color: 'default' } as const;

/** The verdict's name in `language` (the current one unless given). */
export function verdictInfo(code: string | null | undefined, language: Language = getLanguage()): VerdictInfo {
  const key = (code ?? '').trim().toUpperCase();
  const { name, color } = VERDICTS[key] ?? UNKNOWN_VERDICT;
  return { code: key, name: translate(language, name), color };
}

/** States after which nothing more will change for a submission. */
export function isFinalVerdict(code: string | null | undefined): boolean {
  const key = (code ?? '').trim().toUpperCase();
  return key !== '' && key !== 'PD' && key !== 'JG' && key !== 'CP';
}
