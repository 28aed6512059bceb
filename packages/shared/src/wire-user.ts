// A user as the API sends it (spec §3): never a password or its hash.
import { ROLE_CODES, type RoleName } from './user-fields.ts';

export type Gender = 'male' | 'female';
export type RoleCode = (typeof ROLE_CODES)[RoleName];

export interface WireUser {
  id: number;
  username: string;
  email: string;
  nickname: string;
  gender: Gender;
  auth: RoleCode;
}

export function isRoleCode(value: number): value is RoleCode {
  return (Object.values(ROLE_CODES) as number[]).includes(value);
}
