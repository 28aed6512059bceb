/**
 * When `err` is PostgreSQL's unique violation (two requests racing past the same check), the
 * name of the constraint that refused the row; otherwise undefined.
 */
export function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' ? (e.constraint ?? '') : undefined;
}
