// The route guard's decision (spec §4): a stored username plus a positive login check from the
// server, else back to the matching login page with a message (in the current language).
import { t } from '../i18n/index.ts';

export type Access = 'open' | 'user' | 'admin';

/** The spec's English words of the message (i18n key `guard.loginFirst`). */
export const LOGIN_FIRST_MESSAGE = 'Please log in first!';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'check' }
  | { kind: 'redirect'; to: string; message: string };

export function loginPathFor(access: Exclude<Access, 'open'>): string {
  return access === 'admin' ? '/admin_login' : '/login';
}

/**
 * `checkPassed` is undefined before the server replied to isUserLogin / isAdminLogin,
 * true for a reply with code 0 and false for any other reply or a failed request.
 */
export function decideAccess(
  access: Access,
  storedUsername: string | null | undefined,
  checkPassed?: boolean,
): GuardDecision {
  if (access === 'open') return { kind: 'allow' };
  const redirect = { kind: 'redirect', to: loginPathFor(access), message: t('guard.loginFirst') } as const;
  if (!storedUsername || !storedUsername.trim()) return redirect;
  if (checkPassed === undefined) return { kind: 'check' };
  return checkPassed ? { kind: 'allow' } : redirect;
}
