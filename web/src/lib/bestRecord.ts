// "My Result" per problem: the record that counts, as on the leaderboard. Once a problem is
// accepted it stays accepted (the first accepted record, the one the penalty counts), whatever
// comes after; until then the newest record shows.

export interface RecordLike {
  id: number;
  problemId: number;
  judgeResult: string;
}

export function bestByProblem<T extends RecordLike>(records: readonly T[]): Map<number, T> {
  const best = new Map<number, T>();
  for (const record of records) {
    const seen = best.get(record.problemId);
    if (!seen || better(record, seen)) best.set(record.problemId, record);
  }
  return best;
}

function better(a: RecordLike, b: RecordLike): boolean {
  const aAccepted = a.judgeResult === 'AC';
  const bAccepted = b.judgeResult === 'AC';
  if (aAccepted !== bAccepted) return aAccepted;
  // Both accepted: the first; neither: the newest.
  return aAccepted ? a.id < b.id : a.id > b.id;
}

export function attemptsByProblem(records: readonly Pick<RecordLike, 'problemId'>[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const record of records) counts.set(record.problemId, (counts.get(record.problemId) ?? 0) + 1);
  return counts;
}
