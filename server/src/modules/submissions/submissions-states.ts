// Record states shared by the submit path, the queue and the worker (spec §4).

/** Not judged yet: pending, compiling, judging. */
export const PENDING_STATES = ['PD', 'CP', 'JG'] as const;

export const MAX_JUDGE_ATTEMPTS = 3;
