// `verdict problem new <dir>`: scaffold a Kattis-layout package whose skeleton (A + B) already
// judges: a statement, one sample, one secret test, an accepted and a wrong solution.
import fs from 'node:fs';
import path from 'node:path';
import { input, number } from '@inquirer/prompts';
import { CliError } from '../errors.ts';
import { checkLimits, checkTitle, MAX_MEMORY_MB, MAX_TIME_SECONDS } from '../problem-rules.ts';

interface NewOptions {
  title?: string;
  timeLimit?: string;
  memoryLimit?: string;
  yes?: boolean;
}

export interface ProblemSettings {
  title: string;
  timeLimitSeconds: number;
  memoryLimitMb: number;
}

export function scaffoldFiles({ title, timeLimitSeconds, memoryLimitMb }: ProblemSettings): Record<string, string> {
  return {
    'problem.yaml': `name: ${JSON.stringify(title)}\nlicense: cc0\nlimits:\n  time_limit: ${timeLimitSeconds}\n  memory: ${memoryLimitMb}\n`,
    'problem_statement/problem.en.md': `# ${title}\n\nGiven two integers $a$ and $b$, print their sum.\n\n## Input\n\nOne line with two integers $a$ and $b$ ($-10^9 \\le a, b \\le 10^9$).\n\n## Output\n\nOne line with $a + b$.\n`,
    'data/sample/1.in': '1 2\n',
    'data/sample/1.ans': '3\n',
    'data/secret/1.in': '1000000000 -7\n',
    'data/secret/1.ans': '999999993\n',
    'submissions/accepted/solution.cpp':
      '#include <iostream>\n\nint main() {\n    long long a, b;\n    std::cin >> a >> b;\n    std::cout << a + b << "\\n";\n    return 0;\n}\n',
    'submissions/accepted/solution.py': 'a, b = map(int, input().split())\nprint(a + b)\n',
    'submissions/wrong_answer/difference.py': 'a, b = map(int, input().split())\nprint(a - b)\n',
  };
}

function assertEmptyOrMissing(dir: string): void {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') throw new CliError(`${dir} is a file, not a folder`);
    throw err;
  }
  if (entries.length > 0) throw new CliError(`${dir} already exists and is not empty; choose a new folder`);
}

function parseNumber(text: string | undefined, what: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n)) throw new CliError(`${what} must be a number, got "${text}"`);
  return n;
}

async function settingsFrom(dir: string, opts: NewOptions): Promise<ProblemSettings> {
  const flagTime = parseNumber(opts.timeLimit, '--time-limit');
  const flagMemory = parseNumber(opts.memoryLimit, '--memory-limit');
  const ask = !opts.yes;
  const title =
    opts.title ??
    (ask ? await input({ message: 'Problem title', default: path.basename(path.resolve(dir)), validate: (v) => checkTitle(v.trim()) ?? true }) : path.basename(path.resolve(dir)));
  const timeLimitSeconds =
    flagTime ??
    (ask ? await number({ message: 'Time limit (seconds)', default: 1, min: 0.001, max: MAX_TIME_SECONDS, step: 'any', required: true }) : 1);
  const memoryLimitMb =
    flagMemory ?? (ask ? await number({ message: 'Memory limit (MB)', default: 256, min: 1, max: MAX_MEMORY_MB, required: true }) : 256);
  const settings = { title: title.trim(), timeLimitSeconds: timeLimitSeconds!, memoryLimitMb: memoryLimitMb! };
  const problem = checkTitle(settings.title) ?? checkLimits(settings.timeLimitSeconds * 1000, settings.memoryLimitMb);
  if (problem) throw new CliError(problem);
  return settings;
}

export default async function problemNew(dir: string, opts: NewOptions): Promise<void> {
  assertEmptyOrMissing(dir);
  const settings = await settingsFrom(dir, opts);
  assertEmptyOrMissing(dir); // the answers took time; someone may have written there meanwhile
  for (const [rel, content] of Object.entries(scaffoldFiles(settings))) {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content, { flag: 'wx' });
  }
  console.log(`Created problem "${settings.title}" in ${dir}`);
  console.log('Next:');
  console.log(`  edit ${path.join(dir, 'problem_statement', 'problem.en.md')} and the tests under ${path.join(dir, 'data')}`);
  console.log(`  verdict problem validate ${dir}     judge the solutions under submissions/`);
  console.log(`  verdict problem pack ${dir}         zip it for upload`);
}
