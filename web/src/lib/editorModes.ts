// The code editor's highlighting for a language's `editorMode` (languages/<id>/language.json, a
// MIME type as CodeMirror 5 named its modes). Each mode is loaded when first asked for, so a page
// fetches the highlighting of the languages it shows only.
import type { Extension } from '@codemirror/state';
import type { StreamParser } from '@codemirror/language';

const legacy = async (parser: Promise<StreamParser<unknown>>): Promise<Extension> => {
  const [{ StreamLanguage }, loaded] = await Promise.all([import('@codemirror/language'), parser]);
  return StreamLanguage.define(loaded);
};

const MODES: Record<string, () => Promise<Extension>> = {
  'text/x-csrc': () => import('@codemirror/lang-cpp').then((m) => m.cpp()),
  'text/x-c++src': () => import('@codemirror/lang-cpp').then((m) => m.cpp()),
  'text/x-java': () => import('@codemirror/lang-java').then((m) => m.java()),
  'text/x-python': () => import('@codemirror/lang-python').then((m) => m.python()),
  'text/javascript': () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  'application/typescript': () => import('@codemirror/lang-javascript').then((m) => m.javascript({ typescript: true })),
  'application/x-httpd-php': () => import('@codemirror/lang-php').then((m) => m.php()),
  'text/x-kotlin': () => legacy(import('@codemirror/legacy-modes/mode/clike').then((m) => m.kotlin)),
  'text/x-scala': () => legacy(import('@codemirror/legacy-modes/mode/clike').then((m) => m.scala)),
  'text/x-csharp': () => legacy(import('@codemirror/legacy-modes/mode/clike').then((m) => m.csharp)),
  'text/x-objectivec': () => legacy(import('@codemirror/legacy-modes/mode/clike').then((m) => m.objectiveC)),
  'text/x-rustsrc': () => legacy(import('@codemirror/legacy-modes/mode/rust').then((m) => m.rust)),
  'text/x-go': () => legacy(import('@codemirror/legacy-modes/mode/go').then((m) => m.go)),
  'text/x-pascal': () => legacy(import('@codemirror/legacy-modes/mode/pascal').then((m) => m.pascal)),
  'text/x-haskell': () => legacy(import('@codemirror/legacy-modes/mode/haskell').then((m) => m.haskell)),
  'text/x-ruby': () => legacy(import('@codemirror/legacy-modes/mode/ruby').then((m) => m.ruby)),
  'text/x-perl': () => legacy(import('@codemirror/legacy-modes/mode/perl').then((m) => m.perl)),
  'text/x-lua': () => legacy(import('@codemirror/legacy-modes/mode/lua').then((m) => m.lua)),
  'text/x-sh': () => legacy(import('@codemirror/legacy-modes/mode/shell').then((m) => m.shell)),
  'text/x-fortran': () => legacy(import('@codemirror/legacy-modes/mode/fortran').then((m) => m.fortran)),
  'text/x-cobol': () => legacy(import('@codemirror/legacy-modes/mode/cobol').then((m) => m.cobol)),
  'text/x-common-lisp': () => legacy(import('@codemirror/legacy-modes/mode/commonlisp').then((m) => m.commonLisp)),
  'text/x-ocaml': () => legacy(import('@codemirror/legacy-modes/mode/mllike').then((m) => m.oCaml)),
  'text/x-rsrc': () => legacy(import('@codemirror/legacy-modes/mode/r').then((m) => m.r)),
  'text/x-prolog': () => legacy(import('./smallModes.ts').then((m) => m.prolog)),
  'text/x-ada': () => legacy(import('./smallModes.ts').then((m) => m.ada)),
  'text/x-awk': () => legacy(import('./smallModes.ts').then((m) => m.awk)),
};

/** The editor modes there is highlighting for. */
export const HIGHLIGHTED_MODES: readonly string[] = Object.keys(MODES);

/**
 * The editor mode of a language known only by its name or id ("C++17", "python3", "rust"): for
 * records and templates that come without one.
 */
export function guessEditorMode(language: string | undefined): string {
  const name = (language ?? '').toLowerCase().trim();
  const known: [RegExp, string][] = [
    [/^java\b|^java\s*\d/, 'text/x-java'],
    [/kotlin/, 'text/x-kotlin'],
    [/scala/, 'text/x-scala'],
    [/c#|csharp/, 'text/x-csharp'],
    [/objective-?c/, 'text/x-objectivec'],
    [/typescript|^ts$/, 'application/typescript'],
    [/javascript|node|^js$/, 'text/javascript'],
    [/py/, 'text/x-python'],
    [/c\+\+|cpp/, 'text/x-c++src'],
    [/^c\b|^c$|gcc|clang/, 'text/x-csrc'],
    [/rust/, 'text/x-rustsrc'],
    [/^go\b|golang/, 'text/x-go'],
    [/pascal|fpc/, 'text/x-pascal'],
    [/haskell|ghc/, 'text/x-haskell'],
    [/ruby/, 'text/x-ruby'],
    [/perl/, 'text/x-perl'],
    [/lua/, 'text/x-lua'],
    [/bash|^sh$|shell|dash/, 'text/x-sh'],
    [/fortran/, 'text/x-fortran'],
    [/cobol/, 'text/x-cobol'],
    [/lisp|sbcl/, 'text/x-common-lisp'],
    [/ocaml/, 'text/x-ocaml'],
    [/^r$|^r\b/, 'text/x-rsrc'],
    [/prolog/, 'text/x-prolog'],
    [/^ada/, 'text/x-ada'],
    [/awk/, 'text/x-awk'],
    [/php/, 'application/x-httpd-php'],
  ];
  return known.find(([pattern]) => pattern.test(name))?.[1] ?? 'text/plain';
}

const loaded = new Map<string, Promise<Extension>>();

/** The highlighting of `mode`; nothing for "text/plain" and modes without one. */
export function loadEditorMode(mode: string): Promise<Extension> {
  const load = MODES[mode];
  if (!load) return Promise.resolve([]);
  let pending = loaded.get(mode);
  if (!pending) {
    pending = load().catch((err: unknown) => {
      loaded.delete(mode); // tried again the next time the mode is asked for
      throw err;
    });
    loaded.set(mode, pending);
  }
  return pending;
}
