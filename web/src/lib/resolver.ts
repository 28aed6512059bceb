// The resolver (issue 16, item 1, optional): after an ICPC contest with a frozen scoreboard, the
// judges reveal the frozen results on the admin board one cell at a time, from the bottom. Each
// step takes the lowest-placed contestant who still has a pending ("?") cell and uncovers the
// leftmost one with its live result; an accepted one adds a problem and its penalty, and the row
// climbs to its new place. When no "?" is left the board is the live one. Ranked as the server
// ranks (server/src/modules/contests/ranking.ts): solved desc, penalty asc, last accepted minute
// asc, then name; equal keys share a rank.
import { t } from '../i18n/index.ts';
import type { JudgeResultItem, LeaderboardRow } from './leaderboard.ts';

const PENALTY_PER_REJECTION = 20;

interface Standing {
  row: LeaderboardRow;
  solved: number;
  penalty: number;
  lastAc: number;
}

export interface ResolverStep {
  userName: string;
  letter: string;
  /** The uncovered result: AC moves the row (perhaps), anything else leaves it. */
  result: string;
  /** Its place (1-based position in the board) before and after. */
  from: number;
  to: number;
}

const isPending = (item: JudgeResultItem) => Number(item.pending) > 0;

function lastAcMinute(row: LeaderboardRow): number {
  return Math.max(0, ...row.judgeResultList.filter((i) => i.result === 'AC' && !isPending(i)).map((i) => i.submitTime));
}

function compare(a: Standing, b: Standing): number {
  return b.solved - a.solved || a.penalty - b.penalty || a.lastAc - b.lastAc || (a.row.userName < b.row.userName ? -1 : a.row.userName > b.row.userName ? 1 : 0);
}

/** Why a contest's boards cannot be resolved, or null when they can. */
export function resolverRefusal(scoringRule: string | undefined, frozen: readonly LeaderboardRow[], live: readonly LeaderboardRow[]): string | null {
  if (scoringRule && scoringRule !== 'icpc') return t('resolver.icpcOnly', { rule: scoringRule.toUpperCase() });
  const liveNames = new Set(live.map((r) => r.userName));
  if (frozen.length !== live.length || frozen.some((r) => !liveNames.has(r.userName))) return t('resolver.differentContestants');
  return null;
}

export class Resolver {
  private readonly standings: Standing[];
  private readonly live: Map<string, Map<string, JudgeResultItem>>;

  /** `frozen` and `live`: the two boards of one ICPC contest (GET /api/BangDan/AllResultList with frozen=1 and 0). */
  constructor(frozen: readonly LeaderboardRow[], live: readonly LeaderboardRow[]) {
    this.live = new Map(live.map((r) => [r.userName, new Map(r.judgeResultList.map((i) => [i.newId, i]))]));
    this.standings = frozen.map((r) => {
      const row: LeaderboardRow = { ...r, judgeResultList: r.judgeResultList.map((i) => ({ ...i })) };
      return { row, solved: r.acNum, penalty: r.timePenalty, lastAc: lastAcMinute(row) };
    });
    this.standings.sort(compare);
  }

  /** The board as it stands, ranked. */
  get rows(): LeaderboardRow[] {
    let rank = 0;
    return this.standings.map((s, i) => {
      const prev = this.standings[i - 1];
      if (!prev || compare({ ...prev, row: s.row }, s) !== 0) rank = i + 1;
      return { ...s.row, rank, acNum: s.solved, timePenalty: s.penalty };
    });
  }

  /** Cells still pending. */
  get pending(): number {
    return this.standings.reduce((n, s) => n + s.row.judgeResultList.filter(isPending).length, 0);
  }

  get done(): boolean {
    return this.pending === 0;
  }

  /** The next cell to uncover (the lowest-placed row's leftmost "?"), without uncovering it. */
  peek(): { userName: string; letter: string } | null {
    for (let i = this.standings.length - 1; i >= 0; i--) {
      const item = this.standings[i].row.judgeResultList.find(isPending);
      if (item) return { userName: this.standings[i].row.userName, letter: item.newId };
    }
    return null;
  }

  /** Uncovers the next cell; null when nothing is left. */
  next(): ResolverStep | null {
    const target = this.peek();
    if (!target) return null;
    const from = this.standings.findIndex((s) => s.row.userName === target.userName);
    const standing = this.standings[from];
    const cells = standing.row.judgeResultList;
    const index = cells.findIndex((i) => i.newId === target.letter);
    const revealed: JudgeResultItem = { ...(this.live.get(target.userName)?.get(target.letter) ?? { ...cells[index], result: '', cnt: 0 }) };
    delete revealed.pending;
    cells[index] = revealed;
    if (revealed.result === 'AC') {
      standing.solved += 1;
      standing.penalty += revealed.submitTime + PENALTY_PER_REJECTION * Math.max(0, revealed.cnt - 1);
      standing.lastAc = Math.max(standing.lastAc, revealed.submitTime);
    }
    this.standings.sort(compare);
    const to = this.standings.indexOf(standing);
    return { userName: target.userName, letter: target.letter, result: revealed.result, from: from + 1, to: to + 1 };
  }

  /** Uncovers everything left; the board is then the live one. */
  finish(): void {
    while (this.next());
  }
}
