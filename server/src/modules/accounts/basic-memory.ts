// Basic credentials verified lately, remembered for a minute in this process (keyed on a keyed
// hash of the pair, never the password). A remembered pair counts only while the account still
// has the password hash and the role it had when checked, so a password change, a reset or a
// role change on any server process ends it at the next request; revoking the account's tokens
// (logout everywhere, password change, role change) also forgets it at once in this process.
export interface Verified {
  userId: number;
  passwordHash: string;
  auth: number;
}

export const REMEMBER_MS = 60_000;
const MAX_REMEMBERED = 1000;
const remembered = new Map<string, Verified & { until: number }>();

export function rememberCredential(key: string, verified: Verified, now: Date): void {
  remembered.delete(key);
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, { ...verified, until: now.getTime() + REMEMBER_MS });
}

/** Whether the pair was verified lately for the account as it is now (`current`). */
export function recallCredential(key: string, current: Verified, now: Date): boolean {
  const known = remembered.get(key);
  if (!known) return false;
  const valid = known.until > now.getTime() && known.userId === current.userId && known.passwordHash === current.passwordHash && known.auth === current.auth;
  if (!valid) remembered.delete(key);
  return valid;
}

/** Forgets every remembered pair of an account (its tokens were revoked). */
export function forgetCredentials(userId: number): void {
  for (const [key, known] of remembered) if (known.userId === userId) remembered.delete(key);
}
