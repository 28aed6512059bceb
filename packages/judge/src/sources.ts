// A submission's source files as the compiler and the runtime see them: one file or several
// (a folder, several uploads), the file the runtime starts (Python's __main__.py, the file named
// like the submission) and, for JVM languages, the class holding the entry point, whatever the
// file is called (Kattis: "the class with main"). Languages name them in their argv with the
// placeholders {files}, {mainFile} and {mainClass} (languages.ts).
import path from 'node:path';
import type { Language } from './types.ts';

export interface SourceFile {
  /** A relative path inside the submission (folders allowed, never `..` or absolute). */
  name: string;
  content: string;
}

export interface SourceLayout {
  /** The files as they are written to the work folder. */
  files: SourceFile[];
  /** The file the runtime starts. */
  mainFile: string;
  /** The class or object holding the entry point (JVM languages), else the language's default. */
  mainClass: string;
}

export const MAX_SOURCE_FILES = 100;

export interface LayoutOptions {
  /** The main file as the submitter named it (a package's entry point); it must be one of the files. */
  mainFile?: string;
  /**
   * When nothing names the main file, take the first source in name order instead of refusing: the
   * automatic detection DOMjudge gives a package's own submissions.
   */
  guessMainFile?: boolean;
}

/**
 * `files`: the submission's files with their names; absent for a single source without a name
 * (named as the language wants it); one file keeps its name when it is one of the language's. `submissionName`: a folder's name, which names the main file
 * when nothing else does. Returns an error text (a compile error for the contestant) when the
 * files cannot be laid out.
 */
export function layoutSources(language: Language, source: string, files?: SourceFile[], submissionName?: string, options: LayoutOptions = {}): SourceLayout | { error: string } {
  const entry = language.entry;
  if (!files || files.length <= 1) {
    const problem = files?.length === 1 ? sourceFileNameProblem(files[0].name) : undefined;
    if (problem) return { error: `file ${JSON.stringify(files![0].name)}: ${problem}` };
    const content = files?.[0]?.content ?? source;
    const named = entry?.fileName ? new RegExp(entry.fileName, 'm').exec(content)?.[1] : undefined;
    // A file of the language keeps its name, as problemtools keeps it: included graders import the
    // submission by it (Rust's `mod name;`, Python's `import name`), and a program may read argv[0].
    const own = files?.length === 1 && !files[0].name.includes('/') && !files[0].name.startsWith('-') && language.extensions.includes(path.extname(files[0].name).toLowerCase()) ? files[0].name : undefined;
    const name = named ? `${named}${path.extname(language.sourceFile)}` : (own ?? language.sourceFile);
    return { files: [{ name, content }], mainFile: name, mainClass: mainClass(language, [{ name, content }]) };
  }
  if (files.length > MAX_SOURCE_FILES) return { error: `a submission has at most ${MAX_SOURCE_FILES} files, this one ${files.length}` };
  const seen = new Set<string>();
  for (const file of files) {
    const problem = sourceFileNameProblem(file.name);
    if (problem) return { error: `file ${JSON.stringify(file.name)}: ${problem}` };
    if (seen.has(file.name)) return { error: `file ${file.name} appears twice` };
    seen.add(file.name);
  }
  if (options.mainFile !== undefined && !files.some((f) => f.name === options.mainFile)) return { error: `the main file ${JSON.stringify(options.mainFile)} is not one of the files` };
  const main = options.mainFile !== undefined ? { name: options.mainFile } : mainFileOf(language, files, submissionName, options.guessMainFile ?? false);
  if ('error' in main) return main;
  return { files, mainFile: main.name, mainClass: mainClass(language, files) };
}

/** Why a submitted file's name is refused, or undefined when it is fine. */
export function sourceFileNameProblem(name: string): string | undefined {
  if (name === '' || name.length > 255) return 'a file name must have 1 to 255 characters';
  if (name.startsWith('/') || name.includes('\\') || name.includes('\0')) return 'a file name must be a relative path';
  const parts = name.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return 'a file name must not hold empty, "." or ".." parts';
  if (parts.some((p) => p.startsWith('.'))) return 'hidden files are not part of a submission';
  return undefined;
}

/** Kattis: __main__.<ext>, main.<ext>, the file named like the submission, the only one with an entry point, or the only source. */
function mainFileOf(language: Language, files: SourceFile[], submissionName: string | undefined, guess: boolean): { name: string } | { error: string } {
  const sources = files.filter((f) => language.extensions.includes(path.extname(f.name).toLowerCase()));
  const stem = (f: SourceFile) => path.basename(f.name, path.extname(f.name));
  const top = sources.filter((f) => !f.name.includes('/'));
  const pick =
    top.find((f) => stem(f) === '__main__') ??
    top.find((f) => f.name === language.sourceFile) ??
    top.find((f) => stem(f).toLowerCase() === 'main') ??
    (submissionName ? top.find((f) => stem(f) === submissionName) : undefined) ??
    onlyEntryPoint(language, sources) ??
    (sources.length === 1 ? sources[0] : undefined);
  if (pick) return { name: pick.name };
  // Where the argv never names the main file (C, C++, Java: all sources are compiled), any will do.
  const named = [...(language.compile ?? []), ...language.run].some((arg) => arg.includes('{mainFile}'));
  if (!named && sources.length > 0) return { name: sources[0].name };
  if (sources.length === 0) return { error: `none of the files is a ${language.name} source (${language.extensions.join(', ')})` };
  if (guess) return { name: [...sources].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))[0].name };
  return { error: `cannot tell which of the ${sources.length} ${language.name} files is the main one: name it __main__${path.extname(sources[0].name)} or main${path.extname(sources[0].name)}` };
}

/** The one source holding an entry point (`entry.main`: Pascal's `program`, where the others are units), if exactly one does. */
function onlyEntryPoint(language: Language, sources: SourceFile[]): SourceFile | undefined {
  if (!language.entry?.main) return undefined;
  const main = new RegExp(language.entry.main, 'm');
  const holding = sources.filter((f) => main.test(f.content));
  return holding.length === 1 ? holding[0] : undefined;
}

/**
 * The class or object whose body holds the first entry point (`entry.main`), in the first file that
 * has one, qualified by the package that file declares (`entry.package`: Java's `package a.b;`).
 */
function mainClass(language: Language, files: SourceFile[]): string {
  const entry = language.entry;
  const fallback = entry?.defaultClass ?? 'Main';
  if (!entry?.main || !entry.declaration) return fallback;
  const main = new RegExp(entry.main, 'm');
  for (const file of files) {
    const at = main.exec(file.content)?.index;
    if (at === undefined) continue;
    const name = enclosingDeclaration(file.content, new RegExp(entry.declaration, 'g'), at);
    if (!name) continue;
    const pkg = entry.package ? new RegExp(entry.package, 'm').exec(file.content.slice(0, at))?.[1] : undefined;
    return pkg ? `${pkg}.${name}` : name;
  }
  return fallback;
}

/**
 * The innermost declaration whose braces enclose `at` (a nested class declared before main is
 * not it), else the last one declared before it (a brace-less Scala 3 object).
 */
function enclosingDeclaration(text: string, declaration: RegExp, at: number): string | undefined {
  const found = [...text.slice(0, at).matchAll(declaration)].map((m) => ({ end: m.index + m[0].length, name: m[1] }));
  const open: (string | null)[] = [];
  let pending: string | null = null;
  let next = 0;
  for (let i = 0; i < at; i++) {
    while (next < found.length && found[next].end <= i) pending = found[next++].name;
    const c = text.charCodeAt(i);
    if (c === 0x7b) {
      open.push(pending);
      pending = null;
    } else if (c === 0x7d) open.pop();
    else if (c === 0x3b) pending = null;
  }
  for (let k = open.length - 1; k >= 0; k--) if (open[k]) return open[k]!;
  return found.at(-1)?.name;
}

/**
 * The argv values of a layout: {files} are the sources in the language's extensions (a language
 * that claims none, chosen by name only, such as C++20 or PyPy: its source file's), in name order.
 */
export function layoutValues(language: Language, layout: SourceLayout): { files: string[]; mainFile: string; mainClass: string } {
  const extensions = language.extensions.length > 0 ? language.extensions : [path.extname(language.sourceFile).toLowerCase()];
  const sources = layout.files.map((f) => f.name).filter((n) => extensions.includes(path.extname(n).toLowerCase()) || n === layout.mainFile);
  return { files: sources.sort(), mainFile: layout.mainFile, mainClass: layout.mainClass };
}
