// One contest shadowing another CCS (docs/ccs-api.md, Shadow mode): the feed is read in order;
// its teams, accounts and problems give the mapping to this contest (a team by its account's
// username, else its label, as a contest package is imported; a problem by its label), each of
// their submissions is fetched (its files.zip) and submitted for the mirrored team through the
// submit service, and their current judgement type is kept beside our copy's. The position read
// and the mapping are stored after every notification, so a restart resumes where it stopped;
// a URL feed that drops is read again after a pause (2 s, doubling to 30 s).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extractZip } from '@verdict/judge';
import type { Kysely } from 'kysely';
import type { Clock } from '../../common/clock.ts';
import type { DB } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import type { LanguageCatalog } from '../problems/index.ts';
import type { SubmittedFile } from '../../db/schema.ts';
import { contestProblemRows } from '../ccs/index.ts';
import { submitCode, type SubmissionQueue } from '../submissions/index.ts';
import { fileFeed, isUrl, urlFeed, ShadowError, type Notification } from './shadow-feed.ts';

/** What a shadow needs of the services: the database, the log and submitting. */
export interface ShadowServices {
  db: Kysely<DB>;
  log: Logger;
  clock: Clock;
  languages: LanguageCatalog;
  judgeQueue: SubmissionQueue;
}

type Obj = Record<string, unknown>;

interface Mapping {
  /** Their team id → the username of our team. */
  teams: Record<string, string>;
  /** Their team id → the username of its account (accounts notifications). */
  accounts: Record<string, string>;
  /** Their problem id → its label. */
  problems: Record<string, string>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);

export class ShadowRun {
  private readonly abort = new AbortController();
  private ended = false;
  private mapping: Mapping = { teams: {}, accounts: {}, problems: {} };
  done: Promise<void> = Promise.resolve();

  constructor(
    private readonly services: ShadowServices,
    readonly contestId: number,
    private readonly source: string,
    private readonly authorization: string | null,
  ) {}

  start(mapping: Mapping | null, since: string | null): void {
    if (mapping) this.mapping = mapping;
    this.done = this.loop(since)
      .catch((err) => this.services.log.error({ err, contestId: this.contestId }, 'shadow stopped'))
      .finally(() => (this.ended = true));
  }

  stop(): Promise<void> {
    this.abort.abort();
    return this.done;
  }

  private get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  /** Reading still: neither stopped nor at the end of a file nor refused. */
  get active(): boolean {
    return !this.stopped && !this.ended;
  }

  private async loop(since: string | null): Promise<void> {
    let position = since;
    let pause = 2000;
    while (!this.stopped) {
      try {
        const feed = isUrl(this.source) ? urlFeed(this.source, this.authorization, position, this.abort.signal) : fileFeed(this.source, position);
        for await (const note of feed) {
          if (this.stopped) return;
          await this.handle(note);
          if (note.position) position = note.position;
          await this.save({ since_token: position, error: null });
          pause = 2000;
        }
        if (!isUrl(this.source)) return await this.save({ running: false });
      } catch (err) {
        if (this.stopped) return;
        const message = err instanceof Error ? err.message : String(err);
        await this.save({ error: message });
        // A feed that is not one is not read again; a dropped connection is.
        if (err instanceof ShadowError && !/HTTP 5\d\d/.test(message)) return await this.save({ running: false });
      }
      if (!isUrl(this.source)) return;
      await new Promise((resolve) => setTimeout(resolve, pause).unref());
      pause = Math.min(pause * 2, 30_000);
    }
  }

  private async save(fields: { since_token?: string | null; error?: string | null; running?: boolean }): Promise<void> {
    await this.services.db
      .updateTable('shadows')
      .set({ ...fields, mapping: JSON.stringify(this.mapping) })
      .where('contest_id', '=', this.contestId)
      .execute();
  }

  private async handle(note: Notification): Promise<void> {
    const data = note.data as Obj | null;
    if (data === null || typeof data !== 'object') return; // a deletion: our copy stays
    const id = str(data.id);
    if (note.type === 'teams' && id) this.mapping.teams[id] = str(data.label) ?? id;
    else if (note.type === 'accounts' && str(data.team_id) && str(data.username)) this.mapping.accounts[str(data.team_id)!] = str(data.username)!;
    else if (note.type === 'problems' && id) this.mapping.problems[id] = str(data.label) ?? id;
    else if (note.type === 'submissions' && id) await this.submission(id, data);
    else if (note.type === 'judgements') await this.judgement(data);
  }

  private async judgement(data: Obj): Promise<void> {
    const theirId = str(data.submission_id);
    if (!theirId || data.current === false) return;
    const type = str(data.judgement_type_id);
    await this.services.db
      .insertInto('shadow_submissions')
      .values({ contest_id: this.contestId, their_id: theirId, their_type: type })
      .onConflict((oc) => oc.columns(['contest_id', 'their_id']).doUpdateSet({ their_type: type }))
      .execute();
  }

  private async submission(theirId: string, data: Obj): Promise<void> {
    const { db } = this.services;
    const known = await db.selectFrom('shadow_submissions').select(['submission_id', 'refused']).where('contest_id', '=', this.contestId).where('their_id', '=', theirId).executeTakeFirst();
    if (known && (known.submission_id !== null || known.refused !== null)) return;
    let submissionId: number | null = null;
    let refused: string | null = null;
    try {
      submissionId = await this.submitCopy(theirId, data);
    } catch (err) {
      refused = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    }
    await db
      .insertInto('shadow_submissions')
      .values({ contest_id: this.contestId, their_id: theirId, submission_id: submissionId, refused })
      .onConflict((oc) => oc.columns(['contest_id', 'their_id']).doUpdateSet({ submission_id: submissionId, refused }))
      .execute();
  }

  private async submitCopy(theirId: string, data: Obj): Promise<number> {
    const { db } = this.services;
    const teamId = str(data.team_id) ?? '';
    const username = this.mapping.accounts[teamId] ?? this.mapping.teams[teamId];
    if (!username) throw new Error(`team ${teamId} is not in their feed`);
    const user = await db
      .selectFrom('users as u')
      .innerJoin('contest_users as cu', 'cu.user_id', 'u.id')
      .select(['u.id', 'u.username'])
      .where('cu.contest_id', '=', this.contestId)
      .where('u.username', '=', username)
      .executeTakeFirst();
    if (!user) throw new Error(`team ${teamId} (${username}) is not a team of this contest`);
    const label = this.mapping.problems[str(data.problem_id) ?? ''];
    const problems = await contestProblemRows(db, this.contestId);
    const index = label && /^[A-Z]$/.test(label) ? label.charCodeAt(0) - 65 : -1;
    const problem = problems[index];
    if (!problem) throw new Error(`problem ${String(data.problem_id)} (label ${label ?? 'none'}) has no problem of that label in this contest`);
    const language = str(data.language_id);
    if (!language) throw new Error('the submission has no language_id');
    const files = await this.files(theirId, data);
    const s = this.services;
    const reply = await submitCode(
      { db, queue: s.judgeQueue, languages: s.languages, log: s.log, clock: s.clock, waitMs: 0 },
      // On the team's behalf with an administrator's rights: no cooldown, no contest window.
      { id: user.id, username: user.username, auth: 1 },
      files.length === 1 && !files[0].name.includes('/') ? { problemId: problem.id, contestId: this.contestId, language, code: files[0].content } : { problemId: problem.id, contestId: this.contestId, language, files },
    );
    return reply.id;
  }

  /** Their submission's files: its files.zip fetched (a URL feed) or read beside the feed file (submissions/<id>/files.zip). */
  private async files(theirId: string, data: Obj): Promise<SubmittedFile[]> {
    const ref = Array.isArray(data.files) ? (data.files[0] as Obj | undefined) : undefined;
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'verdict-shadow-'));
    try {
      const zip = path.join(tmp, 'files.zip');
      if (isUrl(this.source)) {
        const href = ref && str(ref.href);
        if (!href) throw new Error('the submission has no files reference');
        const base = this.source.replace(/contests\/[^/]+\/event-feed.*$/, '');
        const res = await fetch(new URL(href, base), { headers: this.authorization ? { Authorization: this.authorization } : {}, signal: this.abort.signal });
        if (!res.ok) throw new Error(`its files: HTTP ${res.status}`);
        await fs.writeFile(zip, Buffer.from(await res.arrayBuffer()));
      } else {
        const filename = (ref && str(ref.filename)) ?? 'files.zip';
        await fs.copyFile(path.join(path.dirname(this.source), 'submissions', theirId, path.basename(filename)), zip);
      }
      const out = path.join(tmp, 'files');
      await extractZip(zip, out, { maxFiles: 100, maxUnpackedBytes: 1 << 20, maxRatio: 1000 });
      const names = (await fs.readdir(out, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(out, path.join(e.parentPath, e.name)));
      if (!names.length) throw new Error('its files.zip is empty');
      return Promise.all(names.sort().map(async (name) => ({ name, content: await fs.readFile(path.join(out, name), 'utf8') })));
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
  }
}
