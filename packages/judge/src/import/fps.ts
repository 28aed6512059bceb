// FPS, the FreeProblemSet XML of HUSTOJ, QDUOJ and Hydro (versions 1.1 to 1.5): each <item> a
// problem, its tests, samples and statement inline, written as a Verdict package. Several items:
// one package per problem under the output folder.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dump } from 'js-yaml';
import { PackageError } from '../package/errors.ts';
import { child, children, type XmlElement } from './xml.ts';
import type { ImportReport } from './polygon.ts';

/** FPS language names and the file a solution in it is written to. */
const SOLUTION_FILES: Record<string, string> = {
  c: 'solution.c', 'c++': 'solution.cpp', cpp: 'solution.cpp', pascal: 'solution.pas', java: 'Main.java', python: 'solution.py', python3: 'solution.py',
  ruby: 'solution.rb', 'c#': 'solution.cs', go: 'solution.go', javascript: 'solution.js', php: 'solution.php', perl: 'solution.pl', bash: 'solution.sh',
};

export function isFpsDocument(text: string): boolean {
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<fps[\s>]/.test(text.replace(/^\uFEFF/, ''));
}

/** The items of the document as packages: `out` itself for one, `out/NN-<title>/` for several. */
export async function importFps(root: XmlElement, out: string): Promise<ImportReport & { dirs: string[] }> {
  if (root.name !== 'fps') throw new PackageError('not an FPS document: the root element is not <fps>');
  const items = children(root, 'item');
  if (items.length === 0) throw new PackageError('the FPS document holds no <item>');
  const notes: string[] = [];
  const dirs: string[] = [];
  for (const [i, item] of items.entries()) {
    const title = text(item, 'title') || `problem ${i + 1}`;
    const dir = items.length === 1 ? out : path.join(out, `${String(i + 1).padStart(2, '0')}-${slug(title)}`);
    notes.push(...(await writeItem(item, dir, title)).map((n) => (items.length === 1 ? n : `${title}: ${n}`)));
    dirs.push(dir);
  }
  return { name: items.length === 1 ? text(items[0], 'title') : `${items.length} problems`, notes, dirs };
}

function text(item: XmlElement, name: string): string {
  return child(item, name)?.text.trim() ?? '';
}

function slug(title: string): string {
  return title.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).toLowerCase() || 'problem';
}

async function writeItem(item: XmlElement, dir: string, title: string): Promise<string[]> {
  const notes: string[] = [];
  for (const judge of ['spj', 'tpj']) {
    const own = child(item, judge);
    if (own && own.text.trim()) throw new PackageError(`${title}: a special judge (<${judge}>, HUSTOJ's protocol: input, answer, the program's output) is not supported yet`);
  }
  const inputs = children(item, 'test_input');
  const outputs = children(item, 'test_output');
  if (inputs.length !== outputs.length) throw new PackageError(`${title}: ${inputs.length} <test_input> but ${outputs.length} <test_output>`);
  const samplesIn = children(item, 'sample_input');
  const samplesOut = children(item, 'sample_output');
  if (inputs.length === 0 && samplesIn.length === 0) throw new PackageError(`${title}: no tests (<test_input>/<test_output>)`);
  const pad = (n: number) => String(n).padStart(2, '0');
  const write = async (rel: string, content: string) => {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), content);
  };
  for (const [i, input] of inputs.entries()) {
    await write(`data/secret/${pad(i + 1)}.in`, input.text);
    await write(`data/secret/${pad(i + 1)}.ans`, outputs[i].text);
  }
  for (const [i, input] of samplesIn.entries()) {
    if (!samplesOut[i]) break;
    await write(`data/sample/${pad(i + 1)}.in`, input.text);
    await write(`data/sample/${pad(i + 1)}.ans`, samplesOut[i].text);
  }
  if (inputs.length === 0) notes.push('no secret tests: only the samples are judged');
  await write('problem.yaml', dump({ problem_format_version: '2023-07', name: title, limits: limits(item, title), ...(text(item, 'source') ? { source: text(item, 'source') } : {}) }, { lineWidth: -1 }));
  await write('problem_statement/problem.md', await statement(item, dir));
  for (const solution of children(item, 'solution')) {
    const file = SOLUTION_FILES[(solution.attributes.language ?? '').toLowerCase()];
    if (!file || !solution.text.trim()) {
      notes.push(`a solution in ${solution.attributes.language ?? 'no language'} is left out: Verdict does not know the language`);
      continue;
    }
    await write(`submissions/accepted/${file}`, solution.text);
  }
  return notes;
}

/** time_limit (unit s, the default, or ms) and memory_limit (unit mb, the default, or kb). */
function limits(item: XmlElement, title: string): { time_limit: number; memory: number } {
  const time = child(item, 'time_limit');
  const memory = child(item, 'memory_limit');
  const t = Number(time?.text.trim());
  const m = Number(memory?.text.trim());
  if (!(t > 0)) throw new PackageError(`${title}: <time_limit> is not a number`);
  if (!(m > 0)) throw new PackageError(`${title}: <memory_limit> is not a number`);
  const seconds = time?.attributes.unit === 'ms' ? t / 1000 : t;
  const mb = memory?.attributes.unit === 'kb' ? m / 1024 : m;
  return { time_limit: Math.min(60, Math.max(0.001, seconds)), memory: Math.max(1, Math.round(mb)) };
}

/** The statement's HTML sections as Markdown (which holds HTML), its images written beside it. */
async function statement(item: XmlElement, dir: string): Promise<string> {
  await mkdir(path.join(dir, 'problem_statement'), { recursive: true });
  let html = ['description', 'input', 'output', 'hint'].map((name) => [name, text(item, name)]);
  for (const [i, img] of children(item, 'img').entries()) {
    const src = text(img, 'src');
    const data = text(img, 'base64');
    if (!src || !data) continue;
    const file = `image-${i + 1}${path.extname(src.split('?')[0]).slice(0, 6) || '.png'}`;
    await writeFile(path.join(dir, 'problem_statement', file), Buffer.from(data, 'base64'));
    html = html.map(([name, body]) => [name, body.split(src).join(file)]);
  }
  const titles: Record<string, string> = { input: 'Input', output: 'Output', hint: 'Hint' };
  return `${html
    .filter(([, body]) => body)
    .map(([name, body]) => (titles[name] ? `## ${titles[name]}\n\n${body}` : body))
    .join('\n\n')}\n`;
}
