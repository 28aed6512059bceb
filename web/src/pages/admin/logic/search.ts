// Live search of the admin tables: what the search fields keep and hide, without a round trip.

/** An optional search ID: blank, or digits only. */
export function isValidSearchId(text: string | undefined | null): boolean {
  const value = (text ?? '').trim();
  return value === '' || /^\d+$/.test(value);
}

const contains = (haystack: string | undefined | null, needle: string) =>
  (haystack ?? '').toLowerCase().includes(needle.trim().toLowerCase());

/**
 * Rows whose id equals `id` (when given) and whose `field` contains `text` (any case).
 * An ID that is not a number matches nothing, as the server would refuse it.
 */
export function filterByIdAndText<T extends { id: number }>(
  rows: readonly T[],
  id: string | undefined,
  text: string | undefined,
  field: (row: T) => string,
): T[] {
  const wantedId = (id ?? '').trim();
  if (!isValidSearchId(wantedId)) return [];
  return rows.filter((row) => (wantedId === '' || row.id === Number(wantedId)) && contains(field(row), text ?? ''));
}

/** Users whose username or e-mail contains the keyword (any case). */
export function filterUsers<T extends { username: string; email: string }>(rows: readonly T[], keyword: string | undefined): T[] {
  const k = (keyword ?? '').trim();
  if (!k) return [...rows];
  return rows.filter((u) => contains(u.username, k) || contains(u.email, k));
}

/** Newest first: submissions are listed by id descending (spec §9). */
export function newestFirst<T extends { id: number }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => b.id - a.id);
}

/** Ascending by id, as every other admin list (spec §9). */
export function ascendingById<T extends { id: number }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.id - b.id);
}
