// Every collection of a contest as one reader sees it at one moment. The REST endpoints read one
// collection; the event feed reads them all, so what they are made of is read once per reader.
import type { Services } from '../../services.ts';
import { contestClarifications, clarificationObjects, type ClarificationRow } from './ccs-clarifications.ts';
import { contestObject, stateObject } from './ccs-contest.ts';
import { contestProblemRows, judgementTypeObjects, languageObjects, problemObjects } from './ccs-problems.ts';
import { awardObjects, boardRows, scoreboardObject } from './ccs-scoreboard.ts';
import { judgements, readJudging, submissionObjects, type Judging, type JudgementWithRuns } from './ccs-submissions.ts';
import type { GroupRow } from './ccs-groups.ts';
import { contestTeams, groupObject, organizationObjects, teamObject, type ContestTeams, type TeamRow } from './ccs-teams.ts';
import type { CcsContext } from './ccs-viewer.ts';

export type CcsDeps = Pick<Services, 'db' | 'languages' | 'leaderboards'>;

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
    const [rows, teams, problemIds] = await Promise.all([this.board(), this.rankedTeams(), this.problemIds()]);
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
        return (await this.groups()).map(groupObject);
      case 'organizations':
        return organizationObjects(await this.teams());
      case 'teams':
        return (await this.teams()).map(teamObject);
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
