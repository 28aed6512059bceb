// The browser's local storage keys (spec §3), read and written only through this module.

export const STORAGE_KEYS = {
  token: 'token',
  username: 'username',
  contestName: 'contest_name',
  contestId: 'contest_id',
  contestStartTime: 'contest_start_time',
  contestEndTime: 'contest_end_time',
  chosenProblemId: 'chosenProblemID',
  chosenProblemTitle: 'chosenProblemTitle',
  resetPasswordAdmin: 'resetPasswordAdmin',
} as const;

export type StorageKey = keyof typeof STORAGE_KEYS;

/**
 * Not a spec key: the interface language chosen with the switch (i18n/index.ts). It is the
 * browser's preference, not the session's, so logging out (which clears the rest) keeps it.
 */
export const LANGUAGE_KEY = 'language';

/**
 * Not a spec key: the start of the keys of the code drafts (lib/codeDrafts.ts). A contestant's
 * unsent code is theirs to discard: logging out and the home page keep it (each key names its
 * user, so another account in this browser never sees it).
 */
export const DRAFT_KEY_PREFIX = 'draft:';

export const storage = {
  get(key: StorageKey): string | null {
    return localStorage.getItem(STORAGE_KEYS[key]);
  },
  set(key: StorageKey, value: string | number): void {
    localStorage.setItem(STORAGE_KEYS[key], String(value));
  },
  remove(...keys: StorageKey[]): void {
    for (const key of keys) localStorage.removeItem(STORAGE_KEYS[key]);
  },
  clear(): void {
    const language = localStorage.getItem(LANGUAGE_KEY);
    for (const key of Object.keys(localStorage)) if (!key.startsWith(DRAFT_KEY_PREFIX)) localStorage.removeItem(key);
    if (language !== null) localStorage.setItem(LANGUAGE_KEY, language);
  },
};

export interface StoredContest {
  contestId: string | null;
  title: string | null;
  startTime: string | null;
  endTime: string | null;
}

export function readStoredContest(): StoredContest {
  return {
    contestId: storage.get('contestId'),
    title: storage.get('contestName'),
    startTime: storage.get('contestStartTime'),
    endTime: storage.get('contestEndTime'),
  };
}

export function storeContest(c: { id: number | string; title: string; startTime: string; endTime: string }): void {
  storage.set('contestId', c.id);
  storage.set('contestName', c.title);
  storage.set('contestStartTime', c.startTime);
  storage.set('contestEndTime', c.endTime);
}
