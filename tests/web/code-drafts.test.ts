// The problem page's drafts and editor, the parts that need no browser: a draft is kept per user,
// problem and template, and logging out (which clears local storage) keeps it; a source file goes
// under its language's template; every language offered has highlighting that loads; Ctrl+Enter
// and Cmd+Enter are the shortcut; a compile error has no run time or memory.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isOwnWork, readDraft, readLastSlot, removeDraft, saveDraft } from '../../web/src/lib/codeDrafts.ts';
import { guessEditorMode, HIGHLIGHTED_MODES, loadEditorMode } from '../../web/src/lib/editorModes.ts';
import { templateForFile } from '../../web/src/lib/useCodeDraft.ts';
import { isSubmitShortcut } from '../../web/src/lib/useSubmitShortcut.ts';
import { hasRunFigures } from '../../web/src/lib/recordFigures.ts';
import { storage } from '../../web/src/storage.ts';
import type { JudgeTemplate } from '../../web/src/api/types.ts';

const LANGUAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../languages');

/** A browser's local storage in memory: items are own enumerable keys, as Object.keys sees them. */
function memoryStorage(): Storage {
  const store = {} as Storage & Record<string, string>;
  const methods = {
    getItem: (key: string) => (Object.prototype.hasOwnProperty.call(store, key) ? store[key] : null),
    setItem: (key: string, value: string) => {
      store[key] = String(value);
    },
    removeItem: (key: string) => {
      delete store[key];
    },
    clear: () => {
      for (const key of Object.keys(store)) delete store[key];
    },
    key: (i: number) => Object.keys(store)[i] ?? null,
  };
  for (const [name, value] of Object.entries(methods)) Object.defineProperty(store, name, { value, enumerable: false, configurable: true });
  Object.defineProperty(store, 'length', { get: () => Object.keys(store).length, enumerable: false });
  return store;
}

describe('web: code drafts', () => {
  const alice = { username: 'alice', problemId: 7 };
  beforeEach(() => {
    (globalThis as { localStorage?: Storage }).localStorage = memoryStorage();
  });
  after(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('keeps one draft per user, problem and template, and remembers the template used last', () => {
    assert.ok(saveDraft(alice, 3, 'fn main() { /* rust */ }', 1000));
    assert.ok(saveDraft(alice, 4, 'package main // go', 2000));
    assert.deepEqual(readDraft(alice, 3), { code: 'fn main() { /* rust */ }', savedAt: 1000 });
    assert.equal(readDraft(alice, 4)?.code, 'package main // go');
    assert.equal(readLastSlot(alice), 4);
    assert.equal(readDraft({ username: 'bob', problemId: 7 }, 3), null, "another account never sees alice's draft");
    assert.equal(readDraft({ username: 'alice', problemId: 8 }, 3), null, 'nor another problem');
    saveDraft(alice, 'none', 'typed before choosing');
    assert.equal(readLastSlot(alice), 'none');
    removeDraft(alice, 3);
    assert.equal(readDraft(alice, 3), null);
  });

  it('survives logging out, which clears the rest of local storage', () => {
    saveDraft(alice, 3, 'my code');
    localStorage.setItem('language', 'zh');
    storage.set('token', 'secret-token');
    storage.set('username', 'alice');
    storage.clear();
    assert.equal(storage.get('token'), null);
    assert.equal(storage.get('username'), null);
    assert.equal(localStorage.getItem('language'), 'zh');
    assert.equal(readDraft(alice, 3)?.code, 'my code');
  });

  it('reads a damaged draft as none, and says when the browser refuses to keep one', () => {
    localStorage.setItem('draft:alice:7:3', '{not json');
    assert.equal(readDraft(alice, 3), null);
    const full = memoryStorage();
    Object.defineProperty(full, 'setItem', {
      value: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    });
    (globalThis as { localStorage?: Storage }).localStorage = full;
    assert.equal(saveDraft(alice, 3, 'x'), false);
  });

  it("counts as the contestant's work only code that is neither empty nor the template's script", () => {
    assert.equal(isOwnWork('', 'int main() {}'), false);
    assert.equal(isOwnWork('  \n', undefined), false);
    assert.equal(isOwnWork('int main() {}', 'int main() {}'), false);
    assert.equal(isOwnWork('int main() { return 1; }', 'int main() {}'), true);
  });
});

describe('web: a source file goes under its language', () => {
  const template = (id: number, extensions: string[]): JudgeTemplate => ({ id, language: `l${id}`, comment: '', description: '', languageId: `l${id}`, editorMode: 'text/plain', extensions });
  const templates = [template(1, ['.rs']), template(2, ['.go']), template(3, ['.cpp', '.cc']), template(4, ['.cc'])];

  it("keeps the current template when the file is its language's, else takes the file's language", () => {
    assert.equal(templateForFile(templates, 1, 'solve.go'), 2);
    assert.equal(templateForFile(templates, 2, 'SOLVE.GO'), 2);
    assert.equal(templateForFile(templates, 4, 'a.cc'), 4, 'the current template wins among those of the language');
    assert.equal(templateForFile(templates, 1, 'a.cc'), 3);
    assert.equal(templateForFile(templates, 1, 'notes.txt'), 1, 'an unknown extension keeps the current template');
    assert.equal(templateForFile(templates, undefined, 'Makefile'), undefined);
  });
});

describe('web: highlighting for every language offered', () => {
  const definitions = fs
    .readdirSync(LANGUAGES_DIR)
    .map((id) => JSON.parse(fs.readFileSync(path.join(LANGUAGES_DIR, id, 'language.json'), 'utf8')) as { id: string; name: string; editorMode: string });

  it("has a mode for each language's editorMode", () => {
    const missing = definitions.filter((l) => !HIGHLIGHTED_MODES.includes(l.editorMode)).map((l) => `${l.id} (${l.editorMode})`);
    assert.deepEqual(missing, []);
  });

  it('loads every mode to a language the editor highlights by', async function () {
    this.timeout(30_000);
    // A CodeMirror language (a StreamLanguage among them) has a parser; a language package holds one.
    const isLanguage = (e: unknown) => !!e && typeof e === 'object' && ('parser' in e || ('language' in e && !!(e as { language?: object }).language && 'parser' in (e as { language: object }).language));
    const flatten = (e: unknown): unknown[] => (Array.isArray(e) ? e.flatMap(flatten) : [e]);
    for (const mode of HIGHLIGHTED_MODES) {
      const extension = await loadEditorMode(mode);
      const languages = flatten(extension).filter(isLanguage);
      assert.ok(languages.length > 0, `${mode}: no language in ${String(extension)}`);
    }
    assert.deepEqual(await loadEditorMode('text/plain'), []);
  });

  it("guesses a language's mode from its name where no mode is given", () => {
    for (const language of definitions) assert.equal(guessEditorMode(language.name), language.editorMode, language.name);
    assert.equal(guessEditorMode('python3'), 'text/x-python');
    assert.equal(guessEditorMode('rust'), 'text/x-rustsrc');
    assert.equal(guessEditorMode('Brainfuck'), 'text/plain');
  });
});

describe('web: the submit shortcut and run figures', () => {
  const keys = (over: Partial<KeyboardEvent>) => ({ key: 'Enter', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...over });

  it('is Ctrl+Enter or Cmd+Enter, nothing else', () => {
    assert.equal(isSubmitShortcut(keys({ ctrlKey: true })), true);
    assert.equal(isSubmitShortcut(keys({ metaKey: true })), true);
    assert.equal(isSubmitShortcut(keys({})), false);
    assert.equal(isSubmitShortcut(keys({ ctrlKey: true, shiftKey: true })), false);
    assert.equal(isSubmitShortcut(keys({ key: 'a', ctrlKey: true })), false);
  });

  it('shows time and memory only for tests that ran', () => {
    assert.deepEqual(['AC', 'WA', 'TLE', 'RE', 'CE', 'SE', 'PD', 'JG'].map(hasRunFigures), [true, true, true, true, false, false, false, false]);
  });
});
