// Roles and their tag colours (spec §6): user volcano, admin gold, superadmin black.
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
export const ASSIGNABLE_ROLES = [
  { value: 0, label: 'user' },
  { value: 1, label: 'admin' },
] as const;
