// `verdict problem pack <dir>`: check the package with the judge's loader (and, when asked,
// judge its submissions), then zip it in a fixed order.
import fs from 'node:fs';
import path from 'node:path';
import { confirm } from '@inquirer/prompts';
import { CliError } from '../errors.ts';
import { openProblem } from '../judge-setup.ts';
import { progressBar } from '../output.ts';
import { packageFiles, zipFolder } from '../package-zip.ts';

interface PackOptions {
  output?: string;
  validate?: boolean;
}

export function defaultZipName(dir: string): string {
  return `${path.resolve(dir)}.zip`;
}

/** Judges the submissions through `verdict problem validate`; true when all got their verdict. */
async function submissionsPass(dir: string): Promise<boolean> {
  const { default: problemValidate } = await import('./problem-validate.ts');
  return (await problemValidate(dir, {})) === 0;
}

async function wantsValidation(opts: PackOptions, submissions: number): Promise<boolean> {
  if (opts.validate !== undefined) return opts.validate;
  if (submissions === 0 || !process.stdin.isTTY || !process.stdout.isTTY) return false;
  return confirm({ message: `Judge the ${submissions} solutions under submissions/ before packing?`, default: false });
}

export default async function problemPack(dir: string, opts: PackOptions): Promise<void> {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new CliError(`${dir}: no such folder (problem pack takes a package folder)`);
  const output = path.resolve(opts.output ?? defaultZipName(dir));
  const root = path.resolve(dir);
  if (output === root || output.startsWith(root + path.sep)) throw new CliError(`the zip cannot be written inside the folder it packs (${output})`);
  const { problem, cleanup } = await openProblem(dir);
  await cleanup();
  console.log(`${problem.name}: ${problem.tests.length} tests (${problem.tests.filter((t) => t.sample).length} samples), ${problem.timeLimitMs} ms, ${problem.memoryLimitMb} MB, checker ${problem.checker.kind}`);
  if ((await wantsValidation(opts, problem.submissions.length)) && !(await submissionsPass(dir))) {
    throw new CliError('some solutions did not get the verdict of their folder; nothing was packed', 1);
  }
  const files = await packageFiles(dir);
  const bar = progressBar(files.length);
  await zipFolder(dir, output, (done, name) => bar.update(done, name), files);
  bar.stop();
  console.log(`Packed ${files.length} files into ${output} (${formatSize(fs.statSync(output).size)})`);
}

export function formatSize(bytes: number): string {
  if (bytes >= 1 << 20) return `${(bytes / (1 << 20)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}
