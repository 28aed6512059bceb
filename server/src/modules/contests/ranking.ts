// Ranking a leaderboard, the same under every scoring rule: each member's row comes with a sort
// key (ICPC: solved desc, penalty, last AC minute; IOI and OI: score desc, tie-break minute),
// rows are sorted by it and then by name, and rows with equal keys share the rank of the first.
/** A member's row before ranking (a ScoreboardRow without its rank), and what it is ranked by. */
export interface Standing<R extends { userName: string } = { userName: string }> {
  row: R;
  /** Compared element by element, smaller first; equal keys share a rank. */
  key: readonly number[];
}

export function compareStandings(a: Standing, b: Standing): number {
  for (let i = 0; i < a.key.length; i++) {
    const d = a.key[i] - b.key[i];
    if (d !== 0) return d;
  }
  return a.row.userName < b.row.userName ? -1 : a.row.userName > b.row.userName ? 1 : 0;
}

/** The ranks of standings sorted by compareStandings. */
export function ranksOf(sorted: readonly Standing[]): number[] {
  let rank = 0;
  return sorted.map((s, i) => {
    const prev = sorted[i - 1];
    if (!prev || prev.key.some((k, j) => k !== s.key[j])) rank = i + 1;
    return rank;
  });
}

/** The ranked board: the standings sorted (in place) and numbered. */
export function rankStandings<R extends { userName: string }>(standings: Standing<R>[]): ({ rank: number } & R)[] {
  standings.sort(compareStandings);
  const ranks = ranksOf(standings);
  return standings.map((s, i) => ({ rank: ranks[i], ...s.row }));
}

/** Summaries grouped by user, keeping only the given problems'. */
export function summariesByUser<S extends { userId: number; problemId: number }>(summaries: Iterable<S>, column: ReadonlyMap<number, number>): Map<number, S[]> {
  const byUser = new Map<number, S[]>();
  for (const s of summaries) {
    if (!column.has(s.problemId)) continue;
    const list = byUser.get(s.userId);
    if (list) list.push(s);
    else byUser.set(s.userId, [s]);
  }
  return byUser;
}
