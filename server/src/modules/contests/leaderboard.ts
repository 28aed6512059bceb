// The contest leaderboard: SQL folds the submissions into one summary per (user, problem) under
// the contest's scoring rule — ICPC: scoreboard.ts, folded here; IOI and OI: scored-scoreboard.ts,
// folded by leaderboard-scores.ts — and the rule's ranking ranks them.
//
// Folding 100,000 submissions costs a scan, so each process keeps its contests' boards in memory
// (leaderboard-board.ts) and changes them in place. Whatever may change a board — a submission
// made, judged, rejudged or deleted, a member added, removed or renamed, the problem set — is
// numbered per contest by triggers in the writer's transaction (migration 0014), whichever process
// or host wrote it. Every request reads the contest's number with the access check, in the same
// query; when it moved, the board reads what changed since its own number and folds only those
// pairs again. So every API process answers with the board as of the request, and an unchanged
// board costs nothing more than the access check. A fold from scratch happens on first use, when
// the contest's times or scoring rule change, when the problem set changes, and when the board is
// further behind than the change log keeps.
//
// A contest with a freeze time has two boards, each kept on its own: the live one and the frozen
// one (contest-freeze.ts). A board is keyed by the contest and the view and stamped with the
// scoring rule, times and freeze state (start, end, freeze, thaw) it was folded for; a board whose
// stamp differs from the contest row read for the request is folded again. Which view a caller
// gets is decided on every request from that row too, so a thaw or a new rule shows at once, and
// the frozen board is folded by its own SQL, so it never holds a verdict from after the freeze.
import { sql, type Kysely } from 'kysely';
import { systemClock, type Clock } from '../../common/clock.ts';
import type { DB } from '../../db/schema.ts';
import type { CurrentUser } from '../accounts/index.ts';
import { assertCanSeeContestBoard, type ContestRow } from './contest-access.ts';
import { boardViewFor, type BoardView } from './contest-freeze.ts';
import { ContestBoard, contestMembers, type BoardChange, type BoardRule, type SerializedBoard } from './leaderboard-board.ts';
import { describedProblems, problemMaxima, scoreSummaries, type DescribedProblem } from './leaderboard-scores.ts';
import { foldedSubmissions, wholeMs, type Pair } from './leaderboard-sql.ts';
import { rankStandings, summariesByUser } from './ranking.ts';
import { icpcStanding, type AttemptSummary, type ScoreboardProblem, type ScoreboardRow } from './scoreboard.ts';
import { scoredStanding, type ScoredProblem, type ScoreRule, type ScoreSummary } from './scored-scoreboard.ts';

/** More touched pairs than this since a board's version: fold it from scratch (a rejudge of a problem). */
const MOST_PAIRS_APPLIED = 2000;
/** The change log keeps at least this many of a contest's newest changes (leaderboard_changes). */
const CHANGES_KEPT = 20_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the rules' summary and problem types differ; each board keeps to its own
type AnyBoard = ContestBoard<any, any, any>;

export class Leaderboards {
  /** Keyed by boardKey: contest and view. */
  private readonly boards = new Map<string, { board: AnyBoard; state: string }>();
  private readonly updating = new Map<string, Promise<{ board: AnyBoard; state: string }>>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * The board of a contest the user may see, in the view the user gets (`frozen`: an
   * administrator's choice, refused to others), serialized once per version of the board.
   */
  async boardFor(user: CurrentUser, contestId: number, frozen?: boolean): Promise<SerializedBoard> {
    const { contest, boardVersion } = await assertCanSeeContestBoard(this.db, user, contestId);
    return (await this.board(contest, boardViewFor(contest, user, frozen, this.clock.now()), boardVersion)).serialized;
  }

  /** The ranked rows of a contest's board as of now. */
  async rows(contest: ContestRow, view: BoardView = 'live'): Promise<ScoreboardRow[]> {
    return (await this.board(contest, view, (await changesSince(this.db, contest.id, Infinity)).version)).serialized.rows();
  }

  /** The board at `version` or newer, folded for this contest row's state. */
  private async board(contest: ContestRow, view: BoardView, version: number): Promise<AnyBoard> {
    const key = boardKey(contest, view);
    const state = stateOf(contest);
    for (let tries = 0; ; tries++) {
      const kept = this.boards.get(key);
      if (kept && kept.state === state && kept.board.version >= version) return kept.board;
      let pending = this.updating.get(key);
      // Another request's update, maybe for a contest row read before or after this one's: after
      // waiting for two of those, this request updates the board for its own row.
      if (!pending || tries >= 2) {
        const update = this.update(contest, view, kept?.state === state ? kept.board : undefined).then((board) => {
          // Two updates at once (see above): the newer board stays.
          const now = this.boards.get(key);
          const entry = now && now.state === state && now.board.version > board.version ? now : { board, state };
          this.boards.set(key, entry);
          return entry;
        });
        pending = update.finally(() => {
          if (this.updating.get(key) === pending) this.updating.delete(key);
        });
        this.updating.set(key, pending);
        return (await pending).board;
      } else {
        await pending.catch(() => undefined);
      }
    }
  }

  /** The board with the changes since its version applied, or folded from scratch. */
  private async update(contest: ContestRow, view: BoardView, board: AnyBoard | undefined): Promise<AnyBoard> {
    const log = await changesSince(this.db, contest.id, board?.version ?? Infinity);
    if (board && log.prunedThrough <= board.version && log.changes.length <= MOST_PAIRS_APPLIED && (await board.apply(log.changes, log.version))) {
      if (log.version - log.prunedThrough > 2 * CHANGES_KEPT) await pruneChanges(this.db, contest.id, log.version - CHANGES_KEPT);
      return board;
    }
    return withRule(contest, (rule) => ContestBoard.fold(this.db, contest, view, rule, log.version));
  }
}

/** The leaderboard computed from scratch, without any cache (the CLI reads it this way). */
export async function buildLeaderboard(db: Kysely<DB>, contest: ContestRow, view: BoardView = 'live'): Promise<ScoreboardRow[]> {
  return withRule(contest, (rule) => rankFolded(db, contest, view, rule));
}

async function rankFolded<S extends Pair, D extends { problemId: number }, P extends { problemId: number }>(
  db: Kysely<DB>,
  contest: ContestRow,
  view: BoardView,
  rule: BoardRule<S, D, P>,
): Promise<ScoreboardRow[]> {
  const [summaries, described, members] = await Promise.all([rule.fold(db, contest, undefined, view), rule.problems(db, contest.id), contestMembers(db, contest.id)]);
  const problems = rule.shown(described, () => summaries);
  const column = new Map(problems.map((p, i) => [p.problemId, i]));
  const byUser = summariesByUser(summaries, column);
  return rankStandings(members.map((m) => rule.standing(problems, column, m, byUser.get(m.userId) ?? [])));
}

const icpcRule: BoardRule<AttemptSummary, ScoreboardProblem, ScoreboardProblem> = {
  fold: attemptSummaries,
  problems: contestProblemIds,
  shown: (problems) => [...problems],
  standing: icpcStanding,
};

const scoreRules: Record<ScoreRule, BoardRule<ScoreSummary, DescribedProblem, ScoredProblem>> = {
  ioi: scoreRule('ioi'),
  oi: scoreRule('oi'),
};

function scoreRule(rule: ScoreRule): BoardRule<ScoreSummary, DescribedProblem, ScoredProblem> {
  return {
    fold: (db, contest, only, view) => scoreSummaries(db, contest, rule, only, view),
    problems: describedProblems,
    shown: problemMaxima,
    standing: scoredStanding,
  };
}

/** `use` called with the contest's rule. */
function withRule<T>(contest: ContestRow, use: <S extends Pair, D extends { problemId: number }, P extends { problemId: number }>(rule: BoardRule<S, D, P>) => T): T {
  return contest.scoring_rule === 'icpc' ? use(icpcRule) : use(scoreRules[contest.scoring_rule]);
}

/** The contest's problems in contest order (letters A, B, ...). */
function contestProblemIds(db: Kysely<DB>, contestId: number): Promise<ScoreboardProblem[]> {
  return db.selectFrom('contest_problems').select('problem_id as problemId').where('contest_id', '=', contestId).orderBy('position').orderBy('problem_id').execute();
}

const boardKey = (contest: ContestRow, view: BoardView) => `${contest.id}:${view}`;

function stateOf(contest: ContestRow): string {
  const ms = (d: Date | null) => (d ? String(d.getTime()) : '-');
  return [contest.scoring_rule, ...[contest.start_time, contest.end_time, contest.freeze_time, contest.thawed_at].map(ms)].join(':');
}

/**
 * The contest's leaderboard version, the newest version pruned from the log, and what changed
 * after `since` (nothing read when `since` is Infinity; at most MOST_PAIRS_APPLIED + 1), in one
 * snapshot.
 */
async function changesSince(db: Kysely<DB>, contestId: number, since: number): Promise<{ version: number; prunedThrough: number; changes: BoardChange[] }> {
  const { rows } = await sql<{ version: number; pruned_through: number; user_id: number | null; problem_id: number | null; changed: boolean }>`
    select v.version::float8 as version, v.pruned_through::float8 as pruned_through, c.user_id, c.problem_id, c.contest_id is not null as changed
      from leaderboard_versions v
      left join leaderboard_changes c on c.contest_id = v.contest_id and c.version > ${Number.isFinite(since) ? since : sql`v.version`}
     where v.contest_id = ${contestId}
     limit ${MOST_PAIRS_APPLIED + 1}`.execute(db);
  return {
    version: rows[0]?.version ?? 0,
    prunedThrough: rows[0]?.pruned_through ?? 0,
    changes: rows.filter((r) => r.changed).map((r) => ({ userId: r.user_id, problemId: r.problem_id })),
  };
}

/** Drops a contest's changes up to `through`; boards older than that are folded from scratch. */
async function pruneChanges(db: Kysely<DB>, contestId: number, through: number): Promise<void> {
  // One statement: a reader sees the new pruned_through and the rows gone together, or neither.
  await sql`
    with mark as (
      update leaderboard_versions set pruned_through = ${through} where contest_id = ${contestId} and pruned_through < ${through} returning contest_id
    )
    delete from leaderboard_changes where contest_id in (select contest_id from mark) and version <= ${through}`.execute(db);
}

/**
 * One row per (user, problem) with counted attempts — the SQL twin of summarizeSubmissions —
 * for the whole contest, or only for the given pairs. The frozen view counts only attempts
 * before the freeze and every submission from the freeze on as pending, whatever its state.
 */
export async function attemptSummaries(db: Kysely<DB>, contest: ContestRow, only?: Pair[], view: BoardView = 'live'): Promise<AttemptSummary[]> {
  if (only && only.length === 0) return [];
  const { where, cutoff } = foldedSubmissions(contest, only, view);
  const { rows } = await sql<{ user_id: number; problem_id: number; first_ac_ms: number | null; rejected: number; last_ms: number | null; pending: number }>`
    with kept as (
      select user_id, problem_id, id, status, created_at, created_at < ${cutoff} as counts
        from submissions
       where ${where}
    ), first_ac as (
      select user_id, problem_id, min(id) as ac_id from kept where status = 'AC' and counts group by user_id, problem_id
    )
    select c.user_id, c.problem_id,
           (extract(epoch from min(c.created_at) filter (where c.id = f.ac_id)) * 1000)::float8
             - ${contest.start_time.getTime()}::float8 as first_ac_ms,
           count(*) filter (where c.counts and (f.ac_id is null or c.id < f.ac_id))::int as rejected,
           (extract(epoch from max(c.created_at) filter (where c.counts and (f.ac_id is null or c.id <= f.ac_id))) * 1000)::float8
             - ${contest.start_time.getTime()}::float8 as last_ms,
           count(*) filter (where not c.counts and f.ac_id is null)::int as pending
      from kept c
      left join first_ac f on f.user_id = c.user_id and f.problem_id = c.problem_id
     group by c.user_id, c.problem_id`.execute(db);
  return rows.map((r) => ({
    userId: r.user_id,
    problemId: r.problem_id,
    firstAcMs: r.first_ac_ms === null ? null : wholeMs(r.first_ac_ms),
    rejected: r.rejected,
    lastMs: r.last_ms === null ? 0 : wholeMs(r.last_ms),
    pending: r.pending,
  }));
}
