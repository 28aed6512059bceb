// `verdict judge <problem> <source>`: judge one source file against a problem package.
import { readFile } from 'node:fs/promises';
import { languageForFile, type JudgeResult, type Language } from '@verdict/judge';
import { CliError } from '../errors.ts';
import { exitCodeFor, openJudge, openProblem, parseLimit } from '../judge-setup.ts';
import { printJson, printTable, progressBar } from '../output.ts';

interface JudgeFlags {
  lang?: string;
  all?: boolean;
  json?: boolean;
  backend?: string;
  timeLimit?: string;
  memoryLimit?: string;
}

export default async function judgeCommand(problemPath: string, sourcePath: string, flags: JudgeFlags): Promise<number> {
  const timeLimitMs = parseLimit(flags.timeLimit, '--time-limit', 1000);
  const memoryLimitMb = parseLimit(flags.memoryLimit, '--memory-limit', 1);
  const source = await readFile(sourcePath, 'utf8').catch(() => {
    throw new CliError(`source ${sourcePath}: cannot be read`);
  });
  const judge = await openJudge(flags.backend);
  const language = pickLanguage(judge.allLanguages, sourcePath, flags.lang);
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
    const bar = progressBar(problem.tests.length, !flags.json);
    const result = await judge.judgeSubmission({
      problem,
      language,
      source,
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

function pickLanguage(all: Language[], sourcePath: string, wanted: string | undefined): Language {
  const language = wanted ? all.find((l) => l.id === wanted) : languageForFile(all, sourcePath);
  if (!language) {
    if (wanted) throw new CliError(`unknown language "${wanted}"; known: ${all.map((l) => l.id).join(', ')}`);
    throw new CliError(`cannot tell the language of ${sourcePath} from its extension; pass --lang (${all.map((l) => l.id).join(', ')})`);
  }
  return language;
}

/** Exactly the documented JSON shape. */
export function publicResult(result: JudgeResult) {
  return {
    verdict: result.verdict,
    timeMs: result.timeMs,
    memoryKb: result.memoryKb,
    compileMessage: result.compileMessage,
    tests: result.tests.map((t) => ({ name: t.name, verdict: t.verdict, timeMs: t.timeMs, memoryKb: t.memoryKb })),
  };
}

function printResult(problemName: string, language: Language, result: JudgeResult) {
  if (result.compileMessage) console.log(`${result.verdict === 'CE' ? 'Compilation error' : 'Compiler said'}:\n${result.compileMessage}\n`);
  if (result.tests.length) {
    printTable(
      ['Test', 'Verdict', 'Time (ms)', 'Memory (KB)', 'Detail'],
      result.tests.map((t) => [t.name, t.verdict, t.timeMs, t.memoryKb, (t.message ?? '').slice(0, 60)]),
    );
  }
  console.log(`${problemName} · ${language.name}: ${result.verdict}  (time ${result.timeMs} ms, memory ${result.memoryKb} KB)`);
}
