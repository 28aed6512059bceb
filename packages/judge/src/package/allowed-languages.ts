// problem.yaml `languages`: the Kattis language codes a package allows, matched to Verdict's languages.

/** Verdict languages that Kattis counts under another's code (C++20 is `cpp`, PyPy 3 is `python3`). */
export const KATTIS_LANGUAGE_CODES: Readonly<Record<string, string>> = { cpp20: 'cpp', pypy3: 'python3' };

/** Whether a submission in this language may be judged; `codes` undefined: every language. */
export function allowsLanguage(codes: readonly string[] | null | undefined, languageId: string): boolean {
  if (!codes) return true;
  const id = languageId.toLowerCase();
  return codes.includes(id) || codes.includes(KATTIS_LANGUAGE_CODES[id] ?? id);
}

/** Why a submission in this language is refused, or null when the problem allows it. */
export function languageRefusal(codes: readonly string[] | null | undefined, language: { id: string; name: string }): string | null {
  if (allowsLanguage(codes, language.id)) return null;
  return `${language.name} is not among the languages this problem allows (problem.yaml languages: ${codes!.join(', ')})`;
}
