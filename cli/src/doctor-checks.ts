// What `verdict doctor` checks. Each check is a plain async function returning findings; other
// parts of Verdict add theirs (database, Chromium, SMTP) by appending to `doctorChecks`.
import { createJudge, UNSAFE_LABEL, type Judge } from '@verdict/judge';
import { serviceChecks } from './doctor-service-checks.ts';
import type { DoctorCheck, DoctorFinding } from './doctor-types.ts';

export type { DoctorCheck, DoctorFinding };


interface DoctorJudges {
  /** The sandbox backend's own report, or why it could not be loaded. */
  sandbox: { check: Awaited<ReturnType<Judge['backend']['check']>>; warnings: string[] } | { error: string };
  /** The judge toolchains are probed with: the sandbox when usable, else unsafe-local. */
  probe: Judge | null;
}

let judges: Promise<DoctorJudges> | undefined;

function doctorJudges(): Promise<DoctorJudges> {
  judges ??= (async () => {
    let sandbox: DoctorJudges['sandbox'];
    let sandboxJudge: Judge | null = null;
    try {
      sandboxJudge = await createJudge({ backend: 'sandbox' });
      // The sandbox backend's shared kernel limits for JUDGE_WORKERS submissions at once.
      const backend = sandboxJudge.backend as Judge['backend'] & { hostLimitWarnings?: (workers: number) => string[] };
      const workers = Math.max(1, Number.parseInt(process.env.JUDGE_WORKERS ?? '1', 10) || 1);
      sandbox = { check: await backend.check(), warnings: backend.hostLimitWarnings?.(workers) ?? [] };
    } catch (err) {
      sandbox = { error: (err as Error).message };
    }
    if (sandboxJudge && 'check' in sandbox && sandbox.check.ok) return { sandbox, probe: sandboxJudge };
    const probe = await createJudge({ backend: 'unsafe-local' }).catch(() => null);
    return { sandbox, probe };
  })();
  return judges;
}

/** Releases what the checks' judges hold (the sandbox's work dir mounts). */
export async function closeDoctorJudges(): Promise<void> {
  if (!judges) return;
  const { probe } = await judges;
  await probe?.close();
  judges = undefined;
}

const SANDBOX_FIX = 'run as root on Linux with bubblewrap (apt-get install -y bubblewrap libseccomp-dev); or judge with --backend unsafe-local (UNSAFE: no isolation)';

export const sandboxCheck: DoctorCheck = {
  name: 'sandbox',
  async run() {
    const { sandbox } = await doctorJudges();
    if ('error' in sandbox) return [{ item: 'sandbox backend', status: 'fail', detail: sandbox.error, fix: SANDBOX_FIX }];
    const findings: DoctorFinding[] = Object.entries(sandbox.check.capabilities).map(([key, value]) => ({
      item: `sandbox: ${key}`,
      status: value === false ? 'warn' : 'ok',
      detail: String(value),
    }));
    for (const problem of sandbox.check.problems) findings.push({ item: 'sandbox', status: 'fail', detail: problem, fix: SANDBOX_FIX });
    for (const warning of sandbox.warnings) findings.push({ item: 'sandbox: host limits', status: 'warn', detail: warning });
    return findings;
  },
};

export const languagesCheck: DoctorCheck = {
  name: 'languages',
  async run() {
    const { probe: judge } = await doctorJudges();
    if (!judge) return [{ item: 'languages', status: 'fail', detail: 'no judge backend to probe toolchains with' }];
    const via = judge.backend.unsafe ? ` (probed with ${judge.backend.name}: ${UNSAFE_LABEL})` : '';
    return (await judge.languageStatus()).map((s) => ({
      item: `language ${s.language.id}`,
      status: s.available ? 'ok' : 'warn',
      detail: s.available ? `${s.language.name}: ${s.version}${via}` : `${s.language.name}: ${s.reason}`,
      fix: s.available ? undefined : s.language.install,
    }));
  },
};

export const doctorChecks: DoctorCheck[] = [sandboxCheck, languagesCheck, ...serviceChecks];
