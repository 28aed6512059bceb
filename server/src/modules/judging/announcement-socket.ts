// New judge jobs for `verdict worker` processes beside a `verdict serve` on the embedded
// database. PGlite serves every connection from one backend, so a NOTIFY reaches only the
// connection that sent it: such workers used to learn of new jobs by polling (JUDGE_POLL_MS, 2 s
// by default). The server now also writes every job it announces, one JSON line each, to the
// workers connected to a Unix socket in its data folder (`jobs.sock`, mode 0600, beside
// `pglite.url`); a worker that finds it connects, announces each job to its own job processor,
// and reconnects when the server restarts. Polling stays the fallback.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from '../../logger.ts';
import type { Announcement, JudgeQueue } from './judge-queue.ts';

const SOCKET_FILE = 'jobs.sock';
const RECONNECT_MS = 1000;
/** sun_path holds 108 bytes; a longer path cannot be a socket (workers then poll). */
const MAX_SOCKET_PATH = 107;

export function announcementSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), SOCKET_FILE);
}

/** Serves the queue's announcements on the data folder's socket; returns the way to stop. */
export async function serveAnnouncements(queue: JudgeQueue, dataDir: string, log: Logger): Promise<() => Promise<void>> {
  const file = announcementSocketPath(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    log.warn({ file }, 'the data folder path is too long for the job announcement socket: workers beside this server poll for jobs');
    return async () => {};
  }
  const clients = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    clients.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => clients.delete(socket));
    socket.resume(); // workers say nothing; whatever comes is dropped
  });
  // A socket file left by a killed server would refuse the listen.
  fs.rmSync(file, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  const stopForwarding = queue.forwardAnnouncements((job) => {
    const line = `${JSON.stringify({ jobName: job.jobName, nextRunAt: job.nextRunAt?.toISOString() ?? null })}\n`;
    for (const socket of clients) if (!socket.destroyed) socket.write(line);
  });
  return async () => {
    stopForwarding();
    for (const socket of clients) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(file, { force: true });
  };
}

/** A worker's side: announces every job the server writes on the socket; returns the way to stop. */
export function listenForAnnouncements(queue: JudgeQueue, dataDir: string, log: Logger): () => void {
  const file = announcementSocketPath(dataDir);
  let stopped = false;
  let socket: net.Socket | null = null;
  let timer: NodeJS.Timeout | null = null;
  let connectedOnce = false;
  const connect = () => {
    if (stopped) return;
    let buffered = '';
    const s = net.createConnection(file);
    socket = s;
    s.setEncoding('utf8');
    s.on('connect', () => {
      if (!connectedOnce) log.info({ file }, 'new judge jobs arrive through the server\'s announcement socket');
      connectedOnce = true;
    });
    s.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        try {
          const job = JSON.parse(line) as { jobName: string; nextRunAt: string | null };
          const announcement: Announcement = { jobName: job.jobName, nextRunAt: job.nextRunAt === null ? null : new Date(job.nextRunAt) };
          queue.announce(announcement);
        } catch {
          // not one of ours: ignored
        }
      }
    });
    s.on('error', () => undefined);
    s.on('close', () => {
      socket = null;
      if (!stopped) timer = setTimeout(connect, RECONNECT_MS).unref();
    });
  };
  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    (socket as net.Socket | null)?.destroy();
  };
}
