// Every collection of a contest as one reader sees it at one moment. The REST endpoints read one
// collection; the event feed reads them all, so what they are made of is read once per reader.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Leaderboards } from '../contests/leaderboard.ts';
import type { LanguageCatalog } from '../problems/templates-languages.ts';
import { contestClarifications, clarificationObjects, type ClarificationRow } from './ccs-clarifications.ts';
import { contestObject, stateObject } from './ccs-contest.ts';
import { contestProblemRows, judgementTypeObjects, languageObjects, problemObjects } from './ccs-problems.ts';
import { awardObjects, boardRows, scoreboardObject } from './ccs-scoreboard.ts';
import { judgements, readJudging, submissionObjects, type Judging, type JudgementWithRuns } from './ccs-submissions.ts';
import { contestTeams, organizationObjects, teamObject, type TeamRow } from './ccs-teams.ts';
import type { CcsContext } from './ccs-viewer.ts';

/** What the reader needs of the services (not the services' type: the feed hub is one of them). */
export interface CcsDeps {
  db: Kysely<DB>;
  languages: LanguageCatalog;
  leaderboards: Leaderboards;
}

/** The collection endpoints of a contest, in the order the event feed sends them. */
export const COLLECTIONS = [
  'judgement-types',
  'languages',
  'problems',
  'groups',
  'organizations',
  'teams',
  'submissions',
  'judgements',
  'runs',
  'clarifications',
  'awards',
] as const;

export type CollectionName = (typeof COLLECTIONS)[number];

export interface CcsObject {
  id: string;
}

export class CcsReader {
  private readonly loaded = new Map<string, Promise<unknown>>();

  constructor(
    private readonly deps: CcsDeps,
    readonly ctx: CcsContext,
  ) {}

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let promise = this.loaded.get(key) as Promise<T> | undefined;
    if (!promise) this.loaded.set(key, (promise = load()));
    return promise;
  }

  teams(): Promise<TeamRow[]> {
    return this.once('teams', () => contestTeams(this.deps.db, this.ctx.contest.id));
  }

  problemIds(): Promise<number[]> {
    return this.once('problemIds', async () => (await contestProblemRows(this.deps.db, this.ctx.contest.id)).map((p) => p.id));
  }

  judging(): Promise<Judging> {
    return this.once('judging', () => readJudging(this.deps.db, this.ctx.contest.id));
  }

  judgements(): Promise<JudgementWithRuns[]> {
    return this.once('judgements', async () => judgements(this.ctx, await this.judging()));
  }

  clarifications(): Promise<{ row: ClarificationRow; object: CcsObject }[]> {
    return this.once('clarifications', async () => clarificationObjects(this.ctx, await contestClarifications(this.deps.db, this.ctx.contest.id)));
  }

  private board() {
    return this.once('board', () => boardRows(this.deps.leaderboards, this.ctx));
  }

  contest() {
    return contestObject(this.ctx.contest);
  }

  state() {
    return stateObject(this.ctx.contest, this.ctx.now);
  }

  async scoreboard() {
    const [rows, teams, problemIds] = await Promise.all([this.board(), this.teams(), this.problemIds()]);
    return scoreboardObject(this.ctx, rows, teams, problemIds);
  }

  async collection(name: CollectionName): Promise<CcsObject[]> {
    switch (name) {
      case 'judgement-types':
        return judgementTypeObjects();
      case 'languages':
        return languageObjects(this.deps.languages);
      case 'problems':
        return problemObjects(this.deps.db, this.ctx);
      case 'groups':
        return [];
      case 'organizations':
        return organizationObjects(await this.teams());
      case 'teams':
        return (await this.teams()).map((team) => teamObject(team, this.ctx.viewer.role === 'anonymous'));
      case 'submissions':
        return submissionObjects(this.ctx, await this.judging());
      case 'judgements':
        return (await this.judgements()).map((j) => j.judgement);
      case 'runs':
        return (await this.judgements()).flatMap((j) => j.runs);
      case 'clarifications':
        return (await this.clarifications()).map((c) => c.object);
      case 'awards': {
        const [rows, teams, problemIds, judging] = await Promise.all([this.board(), this.teams(), this.problemIds(), this.judging()]);
        return awardObjects(this.ctx, rows, teams, problemIds, judging);
      }
    }
  }
}
