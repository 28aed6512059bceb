// The judges' clarification screen: the queue, the list, and what a refresh brought. Pure.

import type { JudgeClarification } from '../../../api/clarifications.ts';
import { t } from '../../../i18n/index.ts';

/** Questions still waiting for an answer, oldest first (a queue). */
export function unansweredQueue(items: readonly JudgeClarification[]): JudgeClarification[] {
  return items.filter((c) => c.kind === 'question' && c.answer === null).sort((a, b) => a.id - b.id);
}

/** Everything, newest first. */
export function newestFirst(items: readonly JudgeClarification[]): JudgeClarification[] {
  return [...items].sort((a, b) => b.id - a.id);
}

/**
 * Questions asked since the last look (ids above `knownUpTo`, the highest id seen so far);
 * none on the first look (`null`), which only sets the mark.
 */
export function newQuestions(items: readonly JudgeClarification[], knownUpTo: number | null): JudgeClarification[] {
  if (knownUpTo === null) return [];
  return unansweredQueue(items).filter((c) => c.id > knownUpTo);
}

export function highestId(items: readonly JudgeClarification[]): number {
  return items.reduce((max, c) => Math.max(max, c.id), 0);
}

/** Who a question came from, as the judges see it. */
export function askerLabel(item: JudgeClarification): string {
  if (item.kind === 'announcement') return '—';
  return item.nickname && item.nickname !== item.username ? `${item.username} (${item.nickname})` : (item.username ?? '');
}

export function audienceLabel(item: JudgeClarification): string {
  if (item.kind === 'announcement') return t('judgeClar.everyone');
  if (item.answer === null) return '';
  return item.visibility === 'public' ? t('judgeClar.everyone') : t('judgeClar.askerOnly');
}
