// What GET /api/events sends (docs/api-decisions.md, Live updates): each event's name and data,
// for the server that writes them, the web app and the tests that read them.
import type { ApiData } from './api-client.ts';

/** A submission as the stream tells it (the record's fields as the records API names them). */
export interface LiveSubmission {
  id: number;
  userId: number;
  contestId: number | null;
  problemId: number;
  judgeResult: string;
  /** 0 compiling, n running test n, null otherwise. */
  judgingTest: number | null;
  runTime: number;
  runMemory: number;
  score: number | null;
  maxScore: number | null;
  submitTime: string;
}

/**
 * The board as the leaderboard route gives it to the stream's user now (streams opened with
 * board=1): whole (`from` null: `rows` in rank order), or what changed since version `from` of
 * the same view — rows changed or added (with their rank), ranks that moved alone, members gone.
 */
export interface LiveBoard {
  contestId: number;
  view: 'live' | 'frozen';
  version: number;
  from: number | null;
  rows: ApiData<'GET /api/BangDan/AllResultList'>;
  ranks?: [userName: string, rank: number][];
  removed?: string[];
}

/** Each event's data: a clarification as the list routes give it to the stream's user (judges get theirs). */
export interface LiveEventData {
  hello: { serverTime: string; contestId: number | null };
  submission: LiveSubmission;
  clarification: ApiData<'GET /api/clarification/list'>['items'][number] & Partial<ApiData<'GET /api/clarification/admin/list'>[number]>;
  contest: { contestId: number };
  scoreboard: { contestId: number };
  board: LiveBoard;
}

export type LiveEventName = keyof LiveEventData;

/** One event with its data, as a union on `event`. */
export type LiveEvent = { [E in LiveEventName]: { event: E; data: LiveEventData[E] } }[LiveEventName];
