// Every collection of a contest as one reader sees it at one moment. The REST endpoints read one
// collection; the event feed reads them all, so what they are made of is read once per reader.
import { accountObjects, personObjects } from './ccs-accounts.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Leaderboards } from '../contests/index.ts';
import type { LanguageCatalog } from '../problems/index.ts';
import { contestClarifications, clarificationObjects, type ClarificationRow } from './ccs-clarifications.ts';
import { contestObject, stateObject } from './ccs-contest.ts';
import { contestProblemRows, judgementTypeObjects, languageObjects, problemObjects } from './ccs-problems.ts';
import { awardObjects, boardRows, scoreboardObject } from './ccs-scoreboard.ts';
import { judgements, readJudging, submissionObjects, type Judging, type JudgementWithRuns } from './ccs-submissions.ts';
import type { GroupRow } from './ccs-groups.ts';
import { contestTeams, groupObject, organizationObjects, teamObject, type ContestTeams, type TeamRow } from './ccs-teams.ts';
import { serialize, versionOf, type CcsVersion } from './ccs-versions.ts';
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
  'persons',
  'submissions',
  'judgements',
  'runs',
  'clarifications',
  'awards',
] as const;

/** Collections served by REST only, not in the event feed (check-api.sh expects accounts out of it). */
export const REST_ONLY_COLLECTIONS = ['accounts'] as const;

export type CollectionName = (typeof COLLECTIONS)[number] | (typeof REST_ONLY_COLLECTIONS)[number];

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

  private everyTeam(): Promise<ContestTeams> {
    return this.once('everyTeam', () => contestTeams(this.deps.db, this.ctx.contest.id));
  }

  /** The teams the reader sees: administrators every one, others those not hidden. */
  teams(): Promise<TeamRow[]> {
    return this.once('teams', async () => (await this.everyTeam()).teams.filter((t) => this.ctx.viewer.role === 'admin' || !t.hidden));
  }

  /** The teams on the scoreboard (and its awards): those not hidden, for every reader. */
  private rankedTeams(): Promise<TeamRow[]> {
    return this.once('rankedTeams', async () => (await this.everyTeam()).teams.filter((t) => !t.hidden));
  }

  groups(): Promise<GroupRow[]> {
    return this.once('groups', async () => (await this.everyTeam()).groups.filter((g) => this.ctx.viewer.role === 'admin' || !g.hidden));
  }

  problemIds(): Promise<number[]> {
    return this.once('problemIds', async () => (await contestProblemRows(this.deps.db, this.ctx.contest.id)).map((p) => p.id));
  }

  judging(): Promise<Judging> {
    return this.once('judging', async () => {
      const [judging, teams] = await Promise.all([readJudging(this.deps.db, this.ctx.contest.id), this.teams()]);
      const seen = new Set(teams.map((t) => t.id));
      const submissions = judging.submissions.filter((s) => seen.has(s.user_id));
      const kept = new Set(submissions.map((s) => s.id));
      return { submissions, verdicts: judging.verdicts.filter((v) => kept.has(v.submission_id)) };
    });
  }

  /** The judgements the reader sees, in the reader's release. */
  judgements(): Promise<JudgementWithRuns[]> {
    return this.once('judgements', async () =>
      judgements(this.ctx, await this.judging()).map((j) => ({ ...j, judgement: this.serialize('judgements', j.judgement), runs: j.runs.map((r) => this.serialize('runs', r)) })),
    );
  }

  /** The clarifications the reader sees, in the reader's release, each with its row. */
  clarifications(): Promise<{ row: ClarificationRow; object: CcsObject }[]> {
    return this.once('clarifications', async () =>
      clarificationObjects(this.ctx, await contestClarifications(this.deps.db, this.ctx.contest.id)).map((c) => ({ ...c, object: this.serialize('clarifications', c.object) })),
    );
  }

  /** The release the reader reads. */
  get version(): CcsVersion {
    return versionOf(this.ctx);
  }

  private serialize<T>(type: string, object: T): T {
    return serialize(this.version, type, object);
  }

  private board() {
    return this.once('board', () => boardRows(this.deps.leaderboards, this.ctx));
  }

  contest() {
    return this.serialize('contest', contestObject(this.ctx.contest));
  }

  state() {
    return stateObject(this.ctx.contest, this.ctx.now);
  }

  async scoreboard() {
    const [rows, teams, problemIds] = await Promise.all([this.board(), this.rankedTeams(), this.problemIds()]);
    return this.serialize('scoreboard', scoreboardObject(this.ctx, rows, teams, problemIds));
  }

  /** A collection as the reader sees it, in the reader's release. */
  async collection(name: CollectionName): Promise<CcsObject[]> {
    if (name === 'judgements' || name === 'runs' || name === 'clarifications') return this.model(name);
    return (await this.model(name)).map((object) => this.serialize(name, object));
  }

  private async model(name: CollectionName): Promise<CcsObject[]> {
    switch (name) {
      case 'judgement-types':
        return judgementTypeObjects();
      case 'languages':
        return languageObjects(this.deps.languages);
      case 'problems':
        return problemObjects(this.deps.db, this.ctx);
      case 'groups':
        return (await this.groups()).map(groupObject);
      case 'organizations':
        return organizationObjects(await this.teams());
      case 'teams':
        return (await this.teams()).map((team) => teamObject(team, this.ctx.viewer.role === 'anonymous'));
      case 'persons':
        return personObjects(await this.teams());
      case 'accounts':
        return accountObjects(this.ctx, await this.teams());
      case 'submissions':
        return submissionObjects(this.ctx, await this.judging());
      case 'judgements':
        return (await this.judgements()).map((j) => j.judgement);
      case 'runs':
        return (await this.judgements()).flatMap((j) => j.runs);
      case 'clarifications':
        return (await this.clarifications()).map((c) => c.object);
      case 'awards': {
        const [rows, teams, problemIds, judging] = await Promise.all([this.board(), this.rankedTeams(), this.problemIds(), this.judging()]);
        const ranked = new Set(teams.map((t) => t.id));
        return awardObjects(this.ctx, rows, teams, problemIds, { ...judging, submissions: judging.submissions.filter((s) => ranked.has(s.user_id)) });
      }
    }
  }
}
