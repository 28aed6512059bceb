// The newest judge record per problem, for "my result" columns.

export interface RecordLike {
  id: number;
  problemId: number;
}

export function latestByProblem<T extends RecordLike>(records: readonly T[]): Map<number, T> {
  const latest = new Map<number, T>();
  for (const record of records) {
    const seen = latest.get(record.problemId);
    if (!seen || record.id > seen.id) latest.set(record.problemId, record);
  }
  return latest;
}

export function attemptsByProblem(records: readonly RecordLike[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const record of records) counts.set(record.problemId, (counts.get(record.problemId) ?? 0) + 1);
  return counts;
}
