// `verdict problem validate <problem>`: judge every file under submissions/<verdict>/ and check
// that each gets the verdict its folder promises.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { languageForFile, type Verdict } from '@verdict/judge';
import { CliError } from '../errors.ts';
import { openJudge, openProblem } from '../judge-setup.ts';
import { printJson, printTable, progressBar } from '../output.ts';

interface ValidateFlags {
  json?: boolean;
  backend?: string;
}

interface Row {
  file: string;
  language: string;
  expected: Verdict;
  verdict: Verdict | null;
  timeMs: number;
  memoryKb: number;
  ok: boolean;
  detail: string;
}

export default async function problemValidate(problemPath: string, flags: ValidateFlags): Promise<number> {
  const judge = await openJudge(flags.backend);
  const { problem, cleanup } = await openProblem(problemPath);
  try {
    if (problem.submissions.length === 0) throw new CliError(`problem ${problemPath}: no files under submissions/<expected verdict>/`);
    const available = await judge.languages();
    const bar = progressBar(problem.submissions.length, !flags.json);
    const rows: Row[] = [];
    for (const [i, submission] of problem.submissions.entries()) {
      const file = path.relative(problem.dir, submission.path);
      bar.update(i, file);
      const language = languageForFile(judge.allLanguages, submission.path);
      const usable = language && available.some((l) => l.id === language.id);
      const base = { file, language: language?.id ?? '?', expected: submission.expected, timeMs: 0, memoryKb: 0 };
      if (!language || !usable) {
        const detail = language ? `language ${language.id} is not available on this machine` : 'no language for this extension';
        rows.push({ ...base, verdict: null, ok: false, detail });
        continue;
      }
      const source = await readFile(submission.path, 'utf8');
      const result = await judge.judgeSubmission({ problem, language, source });
      const failed = result.tests.find((t) => t.verdict !== 'AC');
      rows.push({
        ...base,
        verdict: result.verdict,
        timeMs: result.timeMs,
        memoryKb: result.memoryKb,
        ok: result.verdict === submission.expected,
        detail: result.verdict === 'CE' || result.verdict === 'SE' ? result.compileMessage.split('\n')[0] : failed ? `${failed.name}: ${failed.message ?? ''}` : '',
      });
    }
    bar.stop();
    const ok = rows.every((r) => r.ok);
    if (flags.json) {
      printJson({ problem: problem.name, ok, submissions: rows });
    } else {
      printTable(
        ['Submission', 'Lang', 'Expected', 'Got', 'Time (ms)', 'Memory (KB)', '', 'Detail'],
        rows.map((r) => [r.file, r.language, r.expected, r.verdict ?? '-', r.timeMs, r.memoryKb, r.ok ? 'ok' : 'MISMATCH', r.detail.slice(0, 50)]),
      );
      const bad = rows.filter((r) => !r.ok).length;
      console.log(ok ? `${problem.name}: all ${rows.length} submissions got their expected verdicts` : `${problem.name}: ${bad} of ${rows.length} submissions did not get their expected verdict`);
    }
    return ok ? 0 : 1;
  } finally {
    await Promise.all([cleanup(), judge.close()]);
  }
}
