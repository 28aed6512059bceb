// Canonical usernames (issue 26, item 6). Two names are the same account name when their keys
// are equal: Unicode NFKC, lower case, then the Unicode TR39 skeleton (every character replaced
// by its prototype in Unicode's confusables.txt, as packaged by `unhomoglyph`, MIT), lower case
// again. So `Alice`, `ALICE`, `ａｌｉｃｅ` and `аlice` (Cyrillic а) share one key with `alice`.
// A name is also too like another when their shapes are equal (the skeleton taken before
// lower-casing, usernameShape, migration 0030): `AIice` with a capital I is `alice`'s.
// The key is unique among users (migration 0020) and is the one key of every login limit.
// Names that cannot be told apart from another by looking are refused outright: invisible
// characters (zero-width, soft hyphen, variation selectors…), text-direction controls and names
// mixing scripts, except the mixes TR39's "highly restrictive" profile allows (Latin with Han
// and Japanese kana, with Han and Bopomofo, with Han and Hangul).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import { usernameKey, usernameShape } from '../../common/username-keys.ts';

export { usernameKey, usernameShape };

/** The columns a name sets on its users row. */
export function usernameColumns(name: string): { username_key: string; username_shape: string } {
  return { username_key: usernameKey(name), username_shape: usernameShape(name) };
}

const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
// Default ignorables are drawn as nothing; format, private-use and unassigned characters may be;
// so is the Braille blank U+2800, which is not a space (a name of them passed: found in review).
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Cc}\u2800]/u;
const ODD_SPACE = /[^\S ]/u;

// The scripts told apart; a letter of another script counts as a script of its own block.
const SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Devanagari', 'Bengali', 'Gurmukhi',
  'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Georgian',
  'Hangul', 'Ethiopic', 'Cherokee', 'Khmer', 'Mongolian', 'Hiragana', 'Katakana', 'Bopomofo', 'Han', 'Yi', 'Canadian_Aboriginal',
  'Coptic', 'Runic', 'Ogham', 'Tifinagh', 'Nko', 'Vai', 'Lisu', 'Bamum', 'Javanese', 'Balinese', 'Sundanese', 'Tai_Le',
].map((name) => ({ name, re: new RegExp(`\\p{Script=${name}}`, 'u') }));
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

function scriptOf(ch: string): string | null {
  if (NEUTRAL.test(ch)) return null;
  return SCRIPTS.find(({ re }) => re.test(ch))?.name ?? `U+${(ch.codePointAt(0)! >> 7).toString(16)}xx`;
}

// TR39 highly restrictive: one script, or Latin + Han + one East Asian companion.
const ALLOWED_MIXES = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

// Letters of Latin and Cyrillic added after Unicode 13, the version of unhomoglyph's
// confusables (old Polish o U+A7C1 is drawn as o): the skeleton would keep them as they are, so
// a name could pass as another's (found in review). Node's ICU knows them, so \p{Cn} does not
// refuse them. Latin Extended-D from A7CB (and A7C0-A7C1), Cyrillic Extended-C's 1C89-1C8A,
// Latin Extended-F and -G, Cyrillic Extended-D. Update with the data.
const NEWER_THAN_DATA = /[\uA7C0\uA7C1\uA7CB-\uA7F4\u1C89\u1C8A\u{10780}-\u{107BF}\u{1DF00}-\u{1DFFF}\u{1E030}-\u{1E08F}]/u;
const MARK = /\p{Mn}/u;
// Letters whose own dot hides a dot above (Unicode Soft_Dotted, and the dotless ı and ȷ that are
// drawn as i and j with one).
const SOFT_DOTTED = /[\p{Soft_Dotted}\u0131\u0237]/u;
const DOT_ABOVE = '\u0307';

/**
 * TR39's optional detection of marks that cannot be seen (section 5.4): a dot above on i or j
 * (`ali\u0307ce` is drawn as `alice`) and the same mark twice in a row on one letter. The key
 * keeps marks, so such a name would be another account's look-alike (found in review).
 */
function hiddenMark(nfkc: string): string | null {
  let base = '';
  let previous = '';
  for (const ch of nfkc.normalize('NFD')) {
    if (!MARK.test(ch)) {
      base = ch;
      previous = '';
      continue;
    }
    if (ch === DOT_ABOVE && SOFT_DOTTED.test(base) && previous === '') return `Usernames cannot contain a hidden combining mark (${codePoint(ch)} on ${base})`;
    if (ch === previous) return `Usernames cannot contain the same combining mark twice (${codePoint(ch)})`;
    previous = ch;
  }
  return null;
}

/** Why a name may not be chosen, or null when it may. */
export function usernameProblem(name: string): string | null {
  const nfkc = name.normalize('NFKC');
  for (const ch of nfkc) {
    if (BIDI_CONTROL.test(ch)) return `Usernames cannot contain text-direction controls (${codePoint(ch)})`;
    if (INVISIBLE.test(ch)) return `Usernames cannot contain invisible characters (${codePoint(ch)})`;
    if (ODD_SPACE.test(ch)) return `Usernames cannot contain spaces other than the plain space (${codePoint(ch)})`;
  }
  // A page draws a run of spaces as one: `mary  ann` would pass for `mary ann` (found in review).
  if (nfkc.includes('  ')) return 'Usernames cannot contain two spaces in a row';
  const newer = NEWER_THAN_DATA.exec(nfkc)?.[0];
  if (newer) return `Usernames cannot contain letters newer than the look-alike data (${codePoint(newer)}); choose another letter`;
  const hidden = hiddenMark(nfkc);
  if (hidden) return hidden;
  const scripts = new Set<string>();
  for (const ch of nfkc) {
    const script = scriptOf(ch);
    if (script) scripts.add(script);
  }
  if (scripts.size > 1 && !ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.includes(s)))) {
    return `Usernames cannot mix scripts that look alike (${[...scripts].join(' and ').replace(/_/g, ' ')}); write the name in one script`;
  }
  return null;
}

/** Refuses a name that may not be chosen (new accounts and renames), as a 400 on the username field. */
export function assertUsernameAllowed(name: string): void {
  const problem = usernameProblem(name);
  if (problem) throw fail('VALIDATION', problem, { field: 'username' });
}

export const USERNAME_LOOKALIKE = 'This username is too like an existing one (the same ignoring case, width and look-alike characters)';

/**
 * Whether another account (not `exceptUserId`) has this name exactly ('same') or only its key
 * ('lookalike'); null when the name is free. Accounts whose name clashed before migration 0020
 * have no key, so they are compared by key here too.
 */
export async function usernameClash(db: Kysely<DB>, username: string, exceptUserId?: number): Promise<'same' | 'lookalike' | null> {
  let q = db
    .selectFrom('users')
    .select('username')
    .where((eb) => eb.or([eb('username', '=', username), eb('username_key', '=', usernameKey(username)), eb('username_shape', '=', usernameShape(username))]));
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  const rows = await q.execute();
  if (rows.some((r) => r.username === username)) return 'same';
  if (rows.length > 0) return 'lookalike';
  const unkeyed = await db.selectFrom('users').select(['id', 'username']).where('username_key', 'is', null).execute();
  const alike = (other: string) => usernameKey(other) === usernameKey(username) || usernameShape(other) === usernameShape(username);
  return unkeyed.some((r) => r.id !== exceptUserId && alike(r.username)) ? 'lookalike' : null;
}

/** Accounts left without a key by migration 0020 because their name clashed with an older one's. */
export async function usernameClashes(db: Kysely<DB>): Promise<{ username: string; clashesWith: string }[]> {
  const unkeyed = await db.selectFrom('users').select('username').where('username_key', 'is', null).orderBy('id').execute();
  const clashes: { username: string; clashesWith: string }[] = [];
  for (const { username } of unkeyed) {
    const holder = await db.selectFrom('users').select('username').where('username_key', '=', usernameKey(username)).executeTakeFirst();
    clashes.push({ username, clashesWith: holder?.username ?? '(another account without a key)' });
  }
  return clashes;
}

/**
 * Refuses a name being chosen (new account or rename) that may not be chosen (400) or that
 * another account has, exactly (409 `takenMessage`) or by its key (409 USERNAME_LOOKALIKE).
 */
export async function assertUsernameFree(db: Kysely<DB>, username: string, takenMessage: string, exceptUserId?: number): Promise<void> {
  assertUsernameAllowed(username);
  const clash = await usernameClash(db, username, exceptUserId);
  if (clash) throw fail('CONFLICT', clash === 'same' ? takenMessage : USERNAME_LOOKALIKE);
}
