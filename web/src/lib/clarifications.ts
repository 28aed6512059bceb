// Clarifications as a contestant reads them: what is news (a notice), what is unseen, what a
// fresh list brings that was not announced yet, and how each reads on screen. Pure: the hook
// (useClarifications.ts) and the tests use it.

import { CLARIFICATION_LIMITS } from '@verdict/shared';
import type { Clarification } from '../api/clarifications.ts';
import { t, tn } from '../i18n/index.ts';

/**
 * News to its reader: an announcement, or an answer (to their own question, or to a question
 * answered for everyone). Their own question waiting for an answer is not news.
 */
export function isNotice(item: Clarification): boolean {
  return item.kind === 'announcement' || item.answer !== null;
}

/** The notices changed after the version the reader has seen: what the badge counts. */
export function unseenNotices(items: Clarification[], seenVersion: number): Clarification[] {
  return items.filter((item) => isNotice(item) && item.version > seenVersion);
}

export function newestVersion(items: Clarification[]): number {
  return items.reduce((max, item) => Math.max(max, item.version), 0);
}

/**
 * The notices to announce (toast) from a fresh list: unseen, and newer than `announcedUpTo`, the
 * newest version already announced. `null` means this is the first look: nothing is announced
 * then (what is unseen shows on the badge), so opening a page never replays old news.
 */
export function noticesToAnnounce(items: Clarification[], seenVersion: number, announcedUpTo: number | null): Clarification[] {
  if (announcedUpTo === null) return [];
  return unseenNotices(items, Math.max(seenVersion, announcedUpTo));
}

/**
 * The list after an update: `complete` (a poll's whole list) replaces it; otherwise (items
 * pushed one at a time) each replaces the one with its id or joins. Ascending by id, as served.
 */
export function mergeClarifications(current: Clarification[], incoming: Clarification[], complete: boolean): Clarification[] {
  if (complete) return [...incoming].sort((a, b) => a.id - b.id);
  const byId = new Map(current.map((item) => [item.id, item]));
  for (const item of incoming) {
    const known = byId.get(item.id);
    if (!known || known.version <= item.version) byId.set(item.id, item);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Newest change first: what the panel lists. */
export function newestFirst(items: Clarification[]): Clarification[] {
  return [...items].sort((a, b) => b.version - a.version);
}

export function headline(item: Clarification): string {
  if (item.kind === 'announcement') return t('clar.announcement');
  if (item.answer === null) return t('clar.yourQuestionWaiting');
  if (item.mine) return item.visibility === 'public' ? t('clar.answeredForEveryone') : t('clar.answered');
  return t('clar.answerToEveryone');
}

/** "Problem A — Apples", "Problem A" (before the start), or "General". */
export function problemLabel(item: Pick<Clarification, 'problemLetter' | 'problemTitle'>): string {
  if (!item.problemLetter) return t('clar.generalLabel');
  return item.problemTitle ? t('clar.problemWithTitle', { letter: item.problemLetter, title: item.problemTitle }) : t('clar.problemLetter', { letter: item.problemLetter });
}

export function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** What the toast says about the notices a poll brought. */
export function toastContent(notices: Clarification[]): { title: string; description: string } {
  if (notices.length === 1) {
    const [item] = notices;
    const body = item.kind === 'announcement' ? item.text : (item.answer ?? '');
    return { title: headline(item), description: `${problemLabel(item)}: ${excerpt(body)}` };
  }
  const announcements = notices.filter((n) => n.kind === 'announcement').length;
  const answers = notices.length - announcements;
  const announced = tn('clar.announcements', announcements);
  const answered = tn('clar.answers', answers);
  const description =
    announcements && answers
      ? t('clar.toastBoth', { announcements: announced, answers: answered })
      : t('clar.toastOne', { items: announcements ? announced : answered });
  return { title: t('clar.newCount', { count: notices.length }), description };
}

/** The ask form's check, with the server's limits and messages; null when fine. */
export function questionProblem(text: string | undefined): string | null {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return t('clar.questionRequired');
  if (trimmed.length > CLARIFICATION_LIMITS.questionMax) return t('clar.questionTooLong');
  return null;
}
