// `verdict shadow start|stop|status <contest>`: shadow mode on a server (docs/ccs-api.md, Shadow
// mode) through its admin routes. The other CCS's credentials come from the environment, never
// the command line (which other users of the machine see): SHADOW_TOKEN (sent as Bearer), or
// SHADOW_USERNAME and SHADOW_PASSWORD (HTTP Basic).
import path from 'node:path';
import { CliError } from '../errors.ts';
import { ServerClient } from '../server-client.ts';

interface ShadowOptions {
  server?: string;
}

interface Report {
  source: string;
  running: boolean;
  error: string | null;
  submissions: number;
  differences: number;
  matrix: { theirs: string; ours: string; submissions: { theirId: string; submissionId: number | null; refused: string | null }[] }[];
}

function print(contestId: number, r: Report): void {
  const lines = [`contest ${contestId} shadowing ${r.source}: ${r.running ? 'running' : 'stopped'}, ${r.submissions} submissions, ${r.differences} differences${r.error ? `; error: ${r.error}` : ''}`];
  for (const cell of r.matrix) {
    const ids = cell.submissions.map((s) => `${s.theirId}${s.submissionId !== null ? `→${s.submissionId}` : ''}`).join(' ');
    lines.push(`${cell.theirs === cell.ours ? ' ' : '!'} theirs ${cell.theirs.padEnd(8)} ours ${cell.ours.padEnd(14)} ${String(cell.submissions.length).padStart(5)}  ${ids}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

export default async function shadow(action: string, contest: string, source: string | undefined, opts: ShadowOptions): Promise<void> {
  if (!opts.server) throw new CliError('shadow runs on a server: give --server URL (log in first with `verdict login --server URL`)');
  if (!/^[1-9][0-9]{0,9}$/.test(contest)) throw new CliError(`contest id must be a number, not "${contest}"`);
  const contestId = Number(contest);
  const client = ServerClient.loggedIn(opts.server);
  if (action === 'start') {
    if (!source) throw new CliError('shadow start needs the source: the event feed URL or the absolute path of an event-feed.ndjson on the server');
    const { SHADOW_TOKEN: token, SHADOW_USERNAME: username, SHADOW_PASSWORD: password } = process.env;
    const from = /^https?:\/\//i.test(source) ? source : path.resolve(source);
    print(contestId, (await client.json('/api/shadow/start', { contestId, source: from, ...(token ? { token } : {}), ...(username ? { username, password: password ?? '' } : {}) })) as unknown as Report);
  } else if (action === 'stop') {
    print(contestId, (await client.json('/api/shadow/stop', { contestId })) as unknown as Report);
  } else if (action === 'status') {
    print(contestId, (await client.get('/api/shadow', { contestId })) as unknown as Report);
  } else {
    throw new CliError(`unknown shadow action "${action}": start, stop or status`);
  }
}
