// The shadows of this server process: started and stopped by an administrator, resumed when the
// server starts (resumeShadows), and the verdict-difference matrix of each.
import path from 'node:path';
import { fail } from '../../common/errors.ts';
import { judgementTypeOf } from '../ccs/index.ts';
import { isUrl } from './shadow-feed.ts';
import { ShadowRun, type ShadowServices } from './shadow-run.ts';
import type { ShadowMatrixCell, ShadowReport } from './wire.ts';

const runs = new WeakMap<ShadowServices, Map<number, ShadowRun>>();

function runsOf(services: ShadowServices): Map<number, ShadowRun> {
  let map = runs.get(services);
  if (!map) runs.set(services, (map = new Map()));
  return map;
}

export interface ShadowStart {
  contestId: number;
  source: string;
  token?: string;
  username?: string;
  password?: string;
}

export async function startShadow(services: ShadowServices, input: ShadowStart): Promise<void> {
  const { db } = services;
  if (!(await db.selectFrom('contests').select('id').where('id', '=', input.contestId).executeTakeFirst())) throw fail('NOT_FOUND', `No such contest: ${input.contestId}`);
  if (runsOf(services).get(input.contestId)?.active) throw fail('CONFLICT', `Contest ${input.contestId} is shadowing already: stop it first`);
  const url = isUrl(input.source);
  if (!url && !path.isAbsolute(input.source)) throw fail('VALIDATION', 'source must be an http(s) URL of an event feed or the absolute path of an event-feed.ndjson file', { field: 'source' });
  if (!url && (input.token || input.username)) throw fail('VALIDATION', 'credentials go with a URL source only', { field: 'source' });
  if (input.token && input.username) throw fail('VALIDATION', 'give a token or a username and password, not both', { field: 'token' });
  const authorization = input.token ? `Bearer ${input.token}` : input.username ? `Basic ${Buffer.from(`${input.username}:${input.password ?? ''}`).toString('base64')}` : null;
  await db
    .insertInto('shadows')
    .values({ contest_id: input.contestId, source: input.source, authorization, since_token: null, mapping: null, running: true, error: null })
    .onConflict((oc) => oc.column('contest_id').doUpdateSet({ source: input.source, authorization, since_token: null, mapping: null, running: true, error: null }))
    .execute();
  await db.deleteFrom('shadow_submissions').where('contest_id', '=', input.contestId).execute();
  launch(services, input.contestId, input.source, authorization, null, null);
}

function launch(services: ShadowServices, contestId: number, source: string, authorization: string | null, mapping: string | null, since: string | null): void {
  const run = new ShadowRun(services, contestId, source, authorization);
  runsOf(services).set(contestId, run);
  run.start(mapping ? JSON.parse(mapping) : null, since);
}

export async function stopShadow(services: ShadowServices, contestId: number): Promise<void> {
  await runsOf(services).get(contestId)?.stop();
  runsOf(services).delete(contestId);
  await services.db.updateTable('shadows').set({ running: false }).where('contest_id', '=', contestId).execute();
}

/** At the server's start: every shadow that was running goes on from where it stopped. */
export async function resumeShadows(services: ShadowServices): Promise<void> {
  const rows = await services.db.selectFrom('shadows').selectAll().where('running', '=', true).execute();
  for (const row of rows) launch(services, row.contest_id, row.source, row.authorization, row.mapping, row.since_token);
}

/** Stops this process's shadows (the server's shutdown); they stay running in the database, to resume. */
export async function closeShadows(services: ShadowServices): Promise<void> {
  await Promise.all([...runsOf(services).values()].map((run) => run.stop()));
  runsOf(services).clear();
}

/** The shadow of a contest: its state and the matrix theirs × ours, with the submissions behind each cell. */
export async function shadowReport(services: ShadowServices, contestId: number): Promise<ShadowReport> {
  const { db } = services;
  const shadow = await db.selectFrom('shadows').select(['source', 'since_token', 'running', 'error']).where('contest_id', '=', contestId).executeTakeFirst();
  if (!shadow) throw fail('NOT_FOUND', `Contest ${contestId} has never shadowed a CCS`);
  const rows = await db
    .selectFrom('shadow_submissions as ss')
    .leftJoin('submissions as s', 's.id', 'ss.submission_id')
    .select(['ss.their_id', 'ss.their_type', 'ss.refused', 'ss.submission_id', 's.status'])
    .where('ss.contest_id', '=', contestId)
    .orderBy('ss.submission_id')
    .execute();
  const cells = new Map<string, ShadowMatrixCell>();
  for (const row of rows) {
    const theirs = row.their_type ?? 'pending';
    const ours = row.refused !== null ? 'not submitted' : row.status ? (judgementTypeOf(row.status) ?? 'pending') : 'pending';
    const key = `${theirs}\u0000${ours}`;
    if (!cells.has(key)) cells.set(key, { theirs, ours, submissions: [] });
    cells.get(key)!.submissions.push({ theirId: row.their_id, submissionId: row.submission_id, refused: row.refused });
  }
  const matrix = [...cells.values()].sort((a, b) => a.theirs.localeCompare(b.theirs) || a.ours.localeCompare(b.ours));
  return {
    source: shadow.source,
    running: shadow.running && runsOf(services).get(contestId)?.active === true,
    sinceToken: shadow.since_token,
    error: shadow.error,
    submissions: rows.length,
    differences: matrix.filter((c) => c.theirs !== c.ours).reduce((n, c) => n + c.submissions.length, 0),
    matrix,
  };
}
