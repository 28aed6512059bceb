// Reading Verdict's ICPC Contest API in tests: GETs with a token, Basic credentials or nothing;
// the event feed, whole or as a live stream; and the official 2023-06 JSON schemas
// (tests/fixtures/ccs-schemas-2023-06) made strict as the specification's check-api.sh makes
// them, so a property the API does not define fails too.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Kysely } from 'kysely';
import type { DB } from '@verdict/server/internal/db/schema';
import type { TestAccount } from './tokens.ts';

export const SCHEMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/ccs-schemas-2023-06');
const SCHEMA_BASE = 'https://github.com/icpc/ccs-specs/raw/2023-06/json-schema/';

/** Who reads: a Verdict token, Basic credentials, or nobody (the public). */
export type CcsAuth = { token: string } | { basic: [string, string] } | null;

/** An HTTP Basic Authorization header's value. */
export const basicAuthorization = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

function headersOf(auth: CcsAuth): Record<string, string> {
  if (!auth) return {};
  if ('token' in auth) return { Authorization: auth.token };
  return { Authorization: basicAuthorization(...auth.basic) };
}

/** A Contest API object as the tests read it: its id, and what else it holds. */
export interface CcsObject {
  id: string;
  [property: string]: unknown;
}

export interface CcsScoreboard {
  state: Record<string, string | null>;
  rows: {
    rank: number;
    team_id: string;
    score: Record<string, number>;
    problems: { problem_id: string; num_judged: number; num_pending: number; solved?: boolean; score?: number; time?: number }[];
  }[];
}

/** A failure: Verdict's envelope. */
export interface CcsRefusal {
  code: number;
  message: string;
}

export interface CcsReply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A call of the API; `T` is what the test expects the body to be (not checked). */
export async function ccs<T = unknown>(baseUrl: string, apiPath: string, auth: CcsAuth = null, init: RequestInit = {}): Promise<CcsReply<T>> {
  const res = await fetch(`${baseUrl}/api/ccs${apiPath}`, { ...init, headers: { ...headersOf(auth), ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** The feed as it is now (stream=false): its raw text. */
export async function feedText(
  baseUrl: string,
  contestId: number | string,
  auth: CcsAuth = null,
  sinceToken?: string,
  /** The release's path: '' (2026-01) or '/2023-06'. */
  release = '',
): Promise<{ status: number; text: string; contentType: string | null }> {
  const query = new URLSearchParams({ stream: 'false', ...(sinceToken ? { since_token: sinceToken } : {}) });
  const res = await fetch(`${baseUrl}/api/ccs${release}/contests/${contestId}/event-feed?${query}`, { headers: headersOf(auth) });
  return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') };
}

export interface FeedEvent {
  type: string;
  id: string | null;
  data: unknown;
  token?: string;
}

/** The notifications of a feed's text: every non-empty line, each a JSON object. */
export function feedEvents(text: string): FeedEvent[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as FeedEvent);
}

/** A live feed: its raw chunks as they come, until stopped. */
export class LiveFeed {
  text = '';
  private readonly abort = new AbortController();
  private done: Promise<void> | undefined;
  status = 0;
  /** When the server ended the feed (Date.now()); null while it is open or when close() stopped it. */
  endedAt: number | null = null;

  static async open(baseUrl: string, contestId: number | string, auth: CcsAuth = null, sinceToken?: string): Promise<LiveFeed> {
    const feed = new LiveFeed();
    const query = sinceToken ? `?since_token=${encodeURIComponent(sinceToken)}` : '';
    const res = await fetch(`${baseUrl}/api/ccs/contests/${contestId}/event-feed${query}`, { headers: headersOf(auth), signal: feed.abort.signal });
    feed.status = res.status;
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    feed.done = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            feed.endedAt = Date.now();
            return;
          }
          feed.text += decoder.decode(value, { stream: true });
        }
      } catch {
        // Stopped by close(), or cut by the server.
        if (!feed.abort.signal.aborted) feed.endedAt = Date.now();
      }
    })();
    return feed;
  }

  /** Waits until the text received satisfies `ready`, or fails after `ms`. */
  async until(ready: (text: string) => boolean, ms = 10_000, what = 'the feed'): Promise<void> {
    const deadline = Date.now() + ms;
    while (!ready(this.text)) {
      if (Date.now() > deadline) throw new Error(`${what}: not there after ${ms} ms; received:\n${this.text.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Waits until the server ends the feed; fails after `ms`. Answers when it ended. */
  async ended(ms = 5000): Promise<number> {
    await this.until(() => this.endedAt !== null, ms, 'the end of the feed');
    return this.endedAt!;
  }

  events(): FeedEvent[] {
    return feedEvents(this.text.slice(0, this.text.lastIndexOf('\n') + 1));
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.done;
  }
}

/** The objects a feed leaves a client with: the last notification of each object wins, deletions remove. */
export function stateFromFeed(events: FeedEvent[]): Map<string, unknown> {
  const state = new Map<string, unknown>();
  for (const e of events) {
    const key = `${e.type}/${e.id ?? ''}`;
    if (e.data === null) state.delete(key);
    else state.set(key, e.data);
  }
  return state;
}

/** The official schemas, strict, compiled once: `validate('teams', data)` lists what is wrong. */
export class CcsSchemas {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 9 });

  constructor() {
    for (const file of fs.readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.json'))) {
      // As check-api.sh does without -p: no property beyond those the API defines.
      const text = fs
        .readFileSync(path.join(SCHEMA_DIR, file), 'utf8')
        .replace(/^(\s*)("\$comment": "ANCHOR_TO_INSERT_REQUIRE_STRICT_PROPERTIES")/gm, '$1"additionalProperties": false,\n$1$2');
      this.ajv.addSchema(JSON.parse(text));
    }
  }

  /** The schema's errors for `data` ('' when it validates). `schema` is a file name without .json. */
  errors(schema: string, data: unknown): string {
    const validate = this.ajv.getSchema(`${SCHEMA_BASE}${schema}.json`);
    if (!validate) throw new Error(`no schema ${schema}`);
    if (validate(data)) return '';
    return this.ajv.errorsText(validate.errors, { separator: '\n' });
  }
}

/** A submission as the judge leaves it, without judging: the record with one test result, and its verdict row. */
export async function insertJudged(
  db: Kysely<DB>,
  fields: { userId: number; problemId: number; contestId: number; status: string; at: Date },
): Promise<number> {
  const judgedAt = new Date(fields.at.getTime() + 2000);
  const row = await db
    .insertInto('submissions')
    .values({
      user_id: fields.userId,
      problem_id: fields.problemId,
      contest_id: fields.contestId,
      language: 'cpp',
      code: '// inserted by a test',
      status: fields.status,
      run_time: 12,
      tests: JSON.stringify([{ name: '1', verdict: fields.status, timeMs: 12, memoryKb: 900 }]),
      created_at: fields.at,
      judge_started_at: fields.at,
      judged_at: judgedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('submission_verdicts')
    .values({ submission_id: row.id, attempt: 1, status: fields.status, run_time: 12, run_memory: 900, judged_by: 'test#1', judged_at: judgedAt })
    .execute();
  return row.id;
}

/** Adds new problems (by title) and members to a contest through the admin API; the problems' ids, in order. */
export async function stockContest(admin: TestAccount, contestId: number, titles: string[], members: TestAccount[], limits = { memoryLimit: 64, timeLimit: 1000 }): Promise<number[]> {
  const problems: number[] = [];
  for (const title of titles) {
    const p = await admin.api.json('/api/admin/problem/add', { title, ...limits });
    problems.push(p.data.id);
    await admin.api.form('/api/contestProblem/addByProblemId', { contestId, problemId: p.data.id });
  }
  for (const user of members) await admin.api.json('/api/contestRecord/add', { contestId, userId: user.id });
  return problems;
}
