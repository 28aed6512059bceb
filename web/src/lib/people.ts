// How people's fields read on screen, in the current language: gender (男 / 女 in Chinese, as the
// spec shows them; Male / Female in English) and the role of an `auth` code.
import type { Gender } from '../api/types.ts';
import { t } from '../i18n/index.ts';

export const GENDERS: readonly Gender[] = ['male', 'female'];

export function genderLabel(gender: string | null | undefined): string {
  return gender === 'male' || gender === 'female' ? t(`gender.${gender}`) : (gender ?? '');
}

/** The choices of a gender select or radio group. */
export function genderOptions(): { value: Gender; label: string }[] {
  return GENDERS.map((value) => ({ value, label: genderLabel(value) }));
}

const ROLE_NAMES = ['user', 'admin', 'superadmin'] as const;

/** user, admin or superadmin (auth 0, 1, 2) in the current language; other codes as numbers. */
export function roleLabel(auth: number): string {
  const name = ROLE_NAMES[auth];
  return name ? t(`role.${name}`) : String(auth);
}
