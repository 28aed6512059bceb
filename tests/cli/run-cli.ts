// Runs the real `verdict` program as a child process with its own HOME, XDG_CONFIG_HOME and
// DATA_DIR, and answers its questions through stdin when the question shows up on stdout.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(REPO_ROOT, 'cli', 'bin', 'verdict.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Answer {
  /** Text of the question on stdout. */
  when: RegExp;
  /** What to type, Enter included (or how to find it out when the question comes). */
  send: string | (() => Promise<string>);
}

export interface RunOptions {
  env?: Record<string, string>;
  cwd?: string;
  /** Written to stdin at once, then stdin is closed. */
  stdin?: string;
  /** Answered one after another, each when its question appears. */
  answers?: Answer[];
  timeoutMs?: number;
}

/** A sandbox for one test: its own home, config and data folders. */
export class CliSandbox {
  readonly root = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-cli-test-'));
  readonly home = path.join(this.root, 'home');
  readonly configHome = path.join(this.root, 'config');
  readonly dataDir = path.join(this.root, 'data');
  readonly work = path.join(this.root, 'work');

  constructor() {
    for (const dir of [this.home, this.work]) fs.mkdirSync(dir, { recursive: true });
  }

  path(...parts: string[]): string {
    return path.join(this.work, ...parts);
  }

  run(args: string[], opts: RunOptions = {}): Promise<CliResult> {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: this.home,
      XDG_CONFIG_HOME: this.configHome,
      DATA_DIR: this.dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      NO_COLOR: '1',
      ...opts.env,
    };
    return runCli(args, { ...opts, cwd: opts.cwd ?? this.work, env: env as Record<string, string> });
  }

  remove(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

export function runCli(args: string[], opts: RunOptions & { env: Record<string, string>; cwd: string }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const pending = [...(opts.answers ?? [])];
    let seen = 0;
    let busy = false;
    const answerNext = () => {
      const next = pending[0];
      if (!next || busy) return;
      const fresh = stdout.slice(seen);
      const m = next.when.exec(fresh);
      if (!m) return;
      seen += m.index + m[0].length;
      pending.shift();
      busy = true;
      Promise.resolve(typeof next.send === 'string' ? next.send : next.send()).then((text) => {
        child.stdin.write(text);
        busy = false;
        if (pending.length === 0 && opts.stdin === undefined) child.stdin.end();
        else answerNext();
      }, reject);
    };
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      answerNext();
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    if (opts.stdin !== undefined) child.stdin.end(opts.stdin);
    else if (!opts.answers?.length) child.stdin.end();
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`verdict ${args.join(' ')} timed out\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, opts.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Every file under `dir` with its content, by relative path. */
export function folderContents(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full).split(path.sep).join('/')] = fs.readFileSync(full, 'utf8');
  }
  return out;
}
