// Every text of the web app is in the catalogues (issue 17, item 7): a text written straight into
// a component would show in English whatever the language. This reads the app's sources for the
// usual places of a text (JSX text, the attributes and props that hold one, messages and toasts)
// and names each one found; the catalogues are i18n/en.ts and zh.ts (docs/web-decisions.md).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src');

/** Written the same in both languages: the product's name. */
const SAME_IN_BOTH = new Set(['Verdict']);

/** The judge records' CSV keeps English headers in every language: a file for other programs. */
const CSV_HEADERS = { file: 'pages/HistoryPage.tsx', line: /\bvalue: \(r\) =>/ };

/** A catalogue key (`nav.users`, `home.slide1.title`), not a text. */
const KEY = /^[a-z]+(\.[A-Za-z0-9]+)+$/;

/** The places a text is written in a component, each with the text in its first group. */
const TEXT_PLACES: RegExp[] = [
  // JSX text before a closing tag: <Button>Save</Button>, <span>Contest</span>
  />\s*([A-Za-z][A-Za-z ,.'’!?:()-]*[a-z][A-Za-z ,.'’!?:()-]*?)\s*<\//g,
  // attributes and props that are shown: title="…", placeholder="…", label: '…'
  /\b(?:title|label|placeholder|description|message|extra|okText|cancelText|aria-label|alt|subTitle|emptyText|tooltip|notFoundContent|successMessage|submitText|confirmTitle)\s*[=:]\s*['"`]([A-Za-z][^'"`]*[a-z][^'"`]*)['"`]/g,
  // messages and toasts: notify.error('…'), toast({ title: `…` }) (the second form is covered above)
  /\bnotify\.(?:error|success|warning|info)\(\s*['"`]([A-Za-z][^'"`]*)['"`]/g,
  // a sentence a function returns: return 'Two files have the same name.'
  /\breturn\s+['"`]([A-Z][a-z]+ [^'"`]*)['"`]/g,
  // a conditional text: cond ? 'Answer' : 'Edit answer'
  /[?:]\s*'([A-Z][a-z]+(?: [A-Za-z]+)*[.!]?)'(?=\s*[:)}\n])/g,
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Comments hold English on purpose; they are not on screen. */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('web: texts written in the sources, not in the catalogues', () => {
  it('finds none: every text on screen is a catalogue key', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const name = path.relative(SRC, file);
      const lines = withoutComments(fs.readFileSync(file, 'utf8'))
        .split('\n')
        .filter((line) => !(name === CSV_HEADERS.file && CSV_HEADERS.line.test(line)));
      const code = lines.join('\n');
      for (const place of TEXT_PLACES) {
        for (const match of code.matchAll(place)) {
          const text = match[1].trim();
          if (!SAME_IN_BOTH.has(text) && !KEY.test(text)) found.push(`${name}: ${text}`);
        }
      }
    }
    assert.deepEqual(found, [], 'texts to move to web/src/i18n/en.ts and zh.ts');
  });
});
