// A contest room for live-update tests and bench/sse.ts: a running contest with one problem and
// `size` members, each with a session token and one pending submission, written straight to the
// database (signing up 1000 users through the API would be the test's whole run).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '@verdict/server/internal/db/schema';
import { hashToken } from '@verdict/server/internal/modules/accounts/tokens';

export interface LiveRoom {
  contestId: number;
  /** Each member's session token, in member order. */
  tokens: string[];
  /** Each member's pending submission, in member order. */
  submissionOf: number[];
}

const HOUR = 3600_000;
const BATCH = 250;

export async function seedLiveRoom(db: Kysely<DB>, size: number, nowMs: number, prefix = 'live'): Promise<LiveRoom> {
  const contest = await db
    .insertInto('contests')
    .values({ title: `Live room of ${size}`, start_time: new Date(nowMs - HOUR), end_time: new Date(nowMs + HOUR), create_time: new Date(nowMs) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const problem = await db.insertInto('problems').values({ title: 'Sum', time_limit: 1000, memory_limit: 256 }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('contest_problems').values({ contest_id: contest.id, problem_id: problem.id, position: 0 }).execute();
  const room: LiveRoom = { contestId: contest.id, tokens: [], submissionOf: [] };
  for (let i = 0; i < size; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, size - i) }, (_, j) => i + j);
    const users = await db
      .insertInto('users')
      .values(batch.map((k) => ({ username: `${prefix}${k}`, email: `${prefix}${k}@room.test`, nickname: `${prefix}${k}`, auth: 0, password_hash: 'x' })))
      .returning('id')
      .execute();
    const tokens = batch.map(() => crypto.randomBytes(32).toString('base64url'));
    room.tokens.push(...tokens);
    await db
      .insertInto('auth_tokens')
      .values(users.map((u, j) => ({ user_id: u.id, token_hash: hashToken(tokens[j]), expires_at: new Date(nowMs + 24 * HOUR) })))
      .execute();
    await db.insertInto('contest_users').values(users.map((u) => ({ contest_id: contest.id, user_id: u.id }))).execute();
    const subs = await db
      .insertInto('submissions')
      .values(users.map((u) => ({ user_id: u.id, problem_id: problem.id, contest_id: contest.id, language: 'cpp', code: '//', status: 'PD', tests: '[]', created_at: new Date(nowMs) })))
      .returning('id')
      .execute();
    room.submissionOf.push(...subs.map((s) => s.id));
  }
  return room;
}
