// `verdict judge <problem> <source...>`: judge a source file, several files or a folder of them
// (one submission) against a problem package.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isIgnoredSubmissionFile, languageForSubmission, languageRefusal, listFiles, MAX_SOURCE_FILES, type JudgeResult, type Language, type SourceFile } from '@verdict/judge';
import { CliError } from '../errors.ts';
import { exitCodeFor, openJudge, openProblem, parseLimit, publicTest } from '../judge-setup.ts';
import { printJson, printTable, progressBar } from '../output.ts';

interface JudgeFlags {
  lang?: string;
  all?: boolean;
  json?: boolean;
  backend?: string;
  timeLimit?: string;
  memoryLimit?: string;
}

export default async function judgeCommand(problemPath: string, sourcePaths: string[] | string, flags: JudgeFlags): Promise<number> {
  const timeLimitMs = parseLimit(flags.timeLimit, '--time-limit', 1000);
  const memoryLimitMb = parseLimit(flags.memoryLimit, '--memory-limit', 1);
  const paths = Array.isArray(sourcePaths) ? sourcePaths : [sourcePaths];
  const files = await readSources(paths);
  const source = files[0].content;
  const judge = await openJudge(flags.backend);
  const language = pickLanguage(judge.allLanguages, files, paths.join(' '), flags.lang);
  // The toolchain's probe (a sandboxed run) and the package's loading go side by side.
  const [probed, opened] = await Promise.allSettled([judge.languageStatusOf(language.id), openProblem(problemPath, { timeLimitMs, memoryLimitMb })]);
  if (opened.status === 'rejected') {
    await judge.close();
    throw opened.reason;
  }
  const { problem, cleanup } = opened.value;
  try {
    if (probed.status === 'rejected') throw probed.reason;
    const status = probed.value;
    if (!status?.available) throw new CliError(`language ${language.id} is not available: ${status?.reason ?? 'not probed'}`);
    const refused = languageRefusal(problem.languages, language);
    if (refused) throw new CliError(`not judged: ${refused}`);
    const bar = progressBar(problem.tests.length, !flags.json);
    const result = await judge.judgeSubmission({
      problem,
      language,
      source,
      files,
      submissionName: path.basename(paths[0], path.extname(paths[0])),
      options: { runAll: flags.all },
      onProgress: (p) => {
        if (p.phase === 'compiling') bar.update(0, 'compiling');
        if (p.phase === 'running' && p.test) bar.update(p.index!, `${p.test.name} ${p.test.verdict}`);
      },
    });
    bar.stop();
    if (flags.json) printJson(publicResult(result));
    else printResult(problem.name, language, result);
    return exitCodeFor(result.verdict);
  } finally {
    await Promise.all([cleanup(), judge.close()]);
  }
}

function pickLanguage(all: Language[], files: SourceFile[], shown: string, wanted: string | undefined): Language {
  if (wanted) {
    const language = all.find((l) => l.id === wanted);
    if (!language) throw new CliError(`unknown language "${wanted}"; known: ${all.map((l) => l.id).join(', ')}`);
    return language;
  }
  const found = languageForSubmission(all, files);
  if ('error' in found) throw new CliError(`cannot tell the language of ${shown} (${found.error}); pass --lang (${all.map((l) => l.id).join(', ')})`);
  return found.language;
}

/** The submission's files: one file, several (by their names) or a folder (paths inside it). */
async function readSources(paths: string[]): Promise<SourceFile[]> {
  const read = (file: string) =>
    readFile(file, 'utf8').catch(() => {
      throw new CliError(`source ${file}: cannot be read`);
    });
  const info = await stat(paths[0]).catch(() => null);
  if (paths.length === 1 && info?.isDirectory()) {
    const names = (await listFiles(paths[0])).filter((rel) => !rel.split(path.sep).some(isIgnoredSubmissionFile));
    if (names.length === 0) throw new CliError(`source ${paths[0]}: the folder holds no files`);
    if (names.length > MAX_SOURCE_FILES) throw new CliError(`source ${paths[0]}: ${names.length} files, more than ${MAX_SOURCE_FILES}`);
    return Promise.all(names.map(async (rel) => ({ name: rel.split(path.sep).join('/'), content: await read(path.join(paths[0], rel)) })));
  }
  const files = await Promise.all(paths.map(async (file) => ({ name: path.basename(file), content: await read(file) })));
  const names = new Set(files.map((f) => f.name));
  if (names.size !== files.length) throw new CliError('two source files have the same name');
  return files;
}

/** Exactly the documented JSON shape. */
export function publicResult(result: JudgeResult) {
  return {
    verdict: result.verdict,
    timeMs: result.timeMs,
    memoryKb: result.memoryKb,
    compileMessage: result.compileMessage,
    ...(result.score !== undefined ? { score: result.score, maxScore: result.maxScore } : {}),
    tests: result.tests.map(publicTest),
  };
}

function printResult(problemName: string, language: Language, result: JudgeResult) {
  if (result.compileMessage) console.log(`${result.verdict === 'CE' ? 'Compilation error' : 'Compiler said'}:\n${result.compileMessage}\n`);
  if (result.tests.length) {
    printTable(
      ['Test', 'Verdict', 'Time (ms)', 'Wall (ms)', 'Memory (KB)', 'Detail'],
      result.tests.map((t) => [t.name, t.tleBy ? `TLE (${t.tleBy})` : t.verdict, t.timeMs, t.wallMs ?? '', t.memoryKb, (t.message ?? '').slice(0, 60)]),
    );
  }
  for (const g of result.groups ?? []) if (g.name !== 'data') console.log(`  group ${g.name}: ${g.verdict}, ${g.score} of ${g.maxScore}`);
  const score = result.score !== undefined ? `, score ${result.score} of ${result.maxScore}` : '';
  console.log(`${problemName} · ${language.name}: ${result.verdict}  (time ${result.timeMs} ms, memory ${result.memoryKb} KB${score})`);
}
