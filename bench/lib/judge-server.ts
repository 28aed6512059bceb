// Shared by the benchmarks: a real server on a fresh database (embedded, or a new
// database on TEST_DATABASE_URL's PostgreSQL with --pg), problems added from folders, an admin
// client for POST /api/submit, and the small statistics the scripts print.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import { loadConfig } from '@verdict/server/internal/config';
import { REPO_ROOT, startServer, type RunningServer } from '@verdict/server/internal/server';
import { createProblemFromPackage } from '@verdict/server/internal/modules/problems/upload';
import { PENDING_STATES } from '@verdict/server/internal/modules/submissions/submissions-states';
import { zipFolder } from '../../cli/src/package-zip.ts';
import { freshPostgresDatabase } from '../../tests/helpers/server.ts';

export { REPO_ROOT };

export interface BenchServer {
  server: RunningServer;
  url: string;
  /** The database URL when --pg (for worker processes). */
  databaseUrl?: string;
  dataDir: string;
  adminToken: string;
  close(): Promise<void>;
}

/** A new database on TEST_DATABASE_URL's PostgreSQL server, for --pg. */
export async function freshPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('--pg needs TEST_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/postgres)');
  return freshPostgresDatabase(base);
}

export async function startBenchServer(opts: { workers: number; usePg: boolean; env?: Record<string, string> }): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-judge-'));
  const fresh = opts.usePg ? await freshPgDatabase() : undefined;
  const server = await startServer(
    loadConfig({
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JUDGE_WORKERS: String(opts.workers),
      LOAD_SAMPLES: 'off',
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'bench-admin-pass',
      ...(fresh ? { DATABASE_URL: fresh.url } : {}),
      ...opts.env,
    }),
    { webDir: path.join(dataDir, 'no-web') },
  );
  const { db } = server.services;
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  return {
    server,
    url: server.url,
    databaseUrl: fresh?.url,
    dataDir,
    adminToken: await issueToken(db, admin.id),
    async close() {
      await server.close();
      await fresh?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Zips a problem folder and creates a problem from it, as an upload would; returns its id. */
export async function addProblem(bench: BenchServer, dir: string): Promise<number> {
  const zip = path.join(bench.dataDir, `${path.basename(dir)}-${crypto.randomBytes(3).toString('hex')}.zip`);
  await zipFolder(dir, zip);
  return (await createProblemFromPackage(bench.server.services, zip)).problemId;
}

export interface Submitted {
  id: number;
  verdict: string;
  /** Client-side milliseconds from sending the request to seeing a final verdict. */
  clientMs: number;
}

const isPending = (status: string) => (PENDING_STATES as readonly string[]).includes(status);

/** A record as /api/submit and /api/JudgeRecord/detail reply with it (the fields used here). */
interface RecordReply {
  id: number;
  judgeResult: string;
}

async function call(bench: BenchServer, method: 'GET' | 'POST', route: string, body?: unknown): Promise<RecordReply> {
  const res = await fetch(`${bench.url}${route}`, {
    method,
    headers: { Authorization: bench.adminToken, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const reply = (await res.json()) as { code: number; message: string; data: RecordReply };
  if (reply.code !== 0) throw new Error(`${method} ${route}: ${res.status} ${reply.message}`);
  return reply.data;
}

/** POST /api/submit as the administrator; unless `wait` is false, polls the record until its verdict is final. */
export async function submit(
  bench: BenchServer,
  body: { problemId: number; language: string; code: string },
  { wait = true } = {},
): Promise<Submitted> {
  const t0 = performance.now();
  let record = await call(bench, 'POST', '/api/submit', body);
  while (wait && isPending(record.judgeResult)) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    record = await call(bench, 'GET', `/api/JudgeRecord/detail?id=${record.id}`);
  }
  return { id: record.id, verdict: record.judgeResult, clientMs: performance.now() - t0 };
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function loadAverage(): string {
  return `load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} CPUs`;
}

export function readSource(rel: string): string {
  return fs.readFileSync(path.join(REPO_ROOT, rel), 'utf8');
}
