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
    localStorage.clear();
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
