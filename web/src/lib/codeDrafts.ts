// Code drafts (issue 17): what a contestant typed on a problem page, kept in the browser's local
// storage per user, problem and template, so that a reload, Back or the end-of-contest redirect
// loses nothing. One key per draft, `draft:<user>:<problem>:<template or "none">`, holding
// `{ code, savedAt }`, and `draft:<user>:<problem>:last` naming the template used last. Nothing
// here removes a draft on its own: a draft goes when the code is the template's script again
// (there is nothing to keep) or when the contestant asks for the template back.
import { DRAFT_KEY_PREFIX } from '../storage.ts';

export interface DraftPlace {
  username: string;
  problemId: number;
}

export interface Draft {
  code: string;
  /** When it was saved (ms since the epoch). */
  savedAt: number;
}

/** The draft's slot: a template's id, or "none" for code typed before any template was chosen. */
export type DraftSlot = number | 'none';

const keyOf = (place: DraftPlace, part: string) => `${DRAFT_KEY_PREFIX}${encodeURIComponent(place.username)}:${place.problemId}:${part}`;

export const draftKey = (place: DraftPlace, slot: DraftSlot) => keyOf(place, String(slot));

/** Local storage, or null where there is none (private modes, Node). */
function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readDraft(place: DraftPlace, slot: DraftSlot): Draft | null {
  try {
    const parsed: unknown = JSON.parse(store()?.getItem(draftKey(place, slot)) ?? 'null');
    if (parsed && typeof parsed === 'object' && typeof (parsed as Draft).code === 'string') {
      const { code, savedAt } = parsed as Draft;
      return { code, savedAt: typeof savedAt === 'number' ? savedAt : 0 };
    }
  } catch {
    // Not ours or damaged: as if there were none (it stays where it is).
  }
  return null;
}

/** Keeps `code` as the slot's draft; false when the browser refused it (storage full or disabled). */
export function saveDraft(place: DraftPlace, slot: DraftSlot, code: string, now = Date.now()): boolean {
  try {
    const target = store();
    if (!target) return false;
    target.setItem(draftKey(place, slot), JSON.stringify({ code, savedAt: now } satisfies Draft));
    target.setItem(keyOf(place, 'last'), String(slot));
    return true;
  } catch {
    return false;
  }
}

/** Forgets the slot's draft: only when the code is the template's again or the contestant asked for it. */
export function removeDraft(place: DraftPlace, slot: DraftSlot): void {
  try {
    store()?.removeItem(draftKey(place, slot));
  } catch {
    // Nothing to forget.
  }
}

/** Remembers the template in use, so that the page opens with it next time. */
export function saveLastSlot(place: DraftPlace, slot: DraftSlot): void {
  try {
    store()?.setItem(keyOf(place, 'last'), String(slot));
  } catch {
    // The page then opens without a template chosen, the drafts themselves are kept.
  }
}

export function readLastSlot(place: DraftPlace): DraftSlot | null {
  const text = store()?.getItem(keyOf(place, 'last')) ?? null;
  if (text === 'none') return 'none';
  return text !== null && /^\d+$/.test(text) ? Number(text) : null;
}

/**
 * The template the user chose last on any problem (issue 30, defect 5), `draft:<user>:template`:
 * a problem opened for the first time starts with it. Kept like the drafts, so logging out keeps it.
 */
const preferredKey = (username: string) => `${DRAFT_KEY_PREFIX}${encodeURIComponent(username)}:template`;

export function savePreferredTemplate(username: string, templateId: number): void {
  try {
    store()?.setItem(preferredKey(username), String(templateId));
  } catch {
    // Not remembered: the next problem opens without a choice.
  }
}

export function readPreferredTemplate(username: string): number | null {
  const text = store()?.getItem(preferredKey(username)) ?? null;
  return text !== null && /^\d+$/.test(text) ? Number(text) : null;
}

/** Whether `code` holds work of the contestant's own: not empty and not the template's script. */
export function isOwnWork(code: string, templateScript: string | undefined): boolean {
  return code.trim() !== '' && code !== templateScript;
}
