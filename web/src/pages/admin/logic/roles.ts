// Roles and their tag colours (spec §6): user volcano, admin gold, superadmin black. `name` is
// the role's code name; screens show it with roleLabel (lib/people.ts), in the current language.
import type { Auth } from '../../../api/types.ts';

export const ROLES: Record<Auth, { name: string; color: string }> = {
  0: { name: 'user', color: 'volcano' },
  1: { name: 'admin', color: 'gold' },
  2: { name: 'superadmin', color: 'black' },
};

export function roleOf(auth: number): { name: string; color: string } {
  return ROLES[auth as Auth] ?? { name: String(auth), color: 'default' };
}

/** The add and edit forms can only assign user or admin. */
export const ASSIGNABLE_ROLES = [0, 1] as const;
