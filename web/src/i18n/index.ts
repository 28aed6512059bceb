// The interface language (issue 17, item 7): English or Chinese, one at a time. Every text the
// app shows is a key of the catalogues (en.ts, zh.ts). `t()` reads the current language, so pure
// modules and event handlers use it directly; a component calls `useT()`, which also renders it
// again when the language changes. The choice is kept in local storage; until one is made, the
// browser's preferred languages decide (English when neither English nor Chinese is among them).
// The English texts are always loaded; the Chinese ones are a chunk of their own, fetched when
// Chinese is first chosen (main.tsx waits for the first language's texts before it renders).
import { useSyncExternalStore } from 'react';
import { LANGUAGE_KEY } from '../storage.ts';
import { en, type MessageKey } from './en.ts';

export type { MessageKey };

export type Language = 'en' | 'zh';

export const LANGUAGES: readonly Language[] = ['en', 'zh'];

/** What the switch shows for each language: its own name, whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '中文' };

/** The `lang` attribute of the page in each language. */
const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-CN' };

type Catalogue = Record<MessageKey, string>;

const catalogues: Partial<Record<Language, Catalogue>> = { en };

const LOADERS: Record<Language, () => Promise<Catalogue>> = {
  en: () => Promise.resolve(en),
  zh: () => import('./zh.ts').then((m) => m.zh),
};

/** Fetches the texts of `language` (once). */
export async function loadLanguage(language: Language): Promise<void> {
  catalogues[language] ??= await LOADERS[language]();
}

export type MessageValues = Record<string, string | number>;

/** Keys that have a singular and a plural (`x.one`, `x.other`), without the suffix. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer Base}.one` ? Base : never) : never;

/** The first of the browser's languages that the app speaks; English when none is. */
export function languageFromBrowser(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'zh') return 'zh';
    if (primary === 'en') return 'en';
  }
  return 'en';
}

function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'zh';
}

/** Outside a browser (unit tests under Node) there is no storage and no navigator: English. */
function storedLanguage(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

function initialLanguage(): Language {
  const stored = storedLanguage();
  if (isLanguage(stored)) return stored;
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return 'en';
  return languageFromBrowser(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

let current: Language = 'en';
/** The language asked for last: a slower load of an earlier choice does not override it. */
let wanted: Language = initialLanguage();
const listeners = new Set<() => void>();

function apply(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener();
}

/** Settles once the first language's texts are loaded (English if they cannot be). */
export const languageReady: Promise<void> = loadLanguage(wanted).then(
  () => apply(wanted),
  () => apply('en'),
);

export function getLanguage(): Language {
  return current;
}

/** Switches every screen to `language` (once its texts are loaded) and remembers the choice in local storage. */
export async function setLanguage(language: Language): Promise<void> {
  wanted = language;
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode or no storage: the choice lasts for this page only.
  }
  await loadLanguage(language);
  if (wanted === language) apply(language);
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `{name}` in the text replaced by `values.name`; a value not given stays as written. */
function fill(text: string, values?: MessageValues): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The text of `key` in `language`. */
export function translate(language: Language, key: MessageKey, values?: MessageValues): string {
  return fill(catalogues[language]?.[key] ?? en[key] ?? key, values);
}

/** The text of `key` in the current language. */
export function t(key: MessageKey, values?: MessageValues): string {
  return translate(current, key, values);
}

/** The singular or plural text of `key` for `count` (English only tells them apart). */
export function tn(key: PluralKey, count: number, values?: MessageValues): string {
  return t(`${key}.${count === 1 ? 'one' : 'other'}` as MessageKey, { count, ...values });
}

export type Translate = typeof t;

/**
 * A table of named messages whose values are read in the current language each time (a getter
 * per name): `MESSAGES.wrongCaptcha` says it in English or in Chinese, as chosen when it is read.
 */
export function messagesOf<Name extends string>(keys: Record<Name, MessageKey>): Readonly<Record<Name, string>> {
  const table = {} as Record<Name, string>;
  for (const name of Object.keys(keys) as Name[]) Object.defineProperty(table, name, { enumerable: true, get: () => t(keys[name]) });
  return table;
}

/** The current language; the component renders again when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);
}

/** One `t` per language, so that a component's memos that use it follow the switch too. */
const BOUND: Record<Language, Translate> = {
  en: (key, values) => translate('en', key, values),
  zh: (key, values) => translate('zh', key, values),
};

/** `t` for a component: using it makes the component follow the language switch. */
export function useT(): Translate {
  return BOUND[useLanguage()];
}
