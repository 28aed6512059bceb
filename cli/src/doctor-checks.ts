// What `verdict doctor` checks. Each check is a plain async function returning findings; other
// parts of Verdict add theirs (database, Chromium, SMTP) by appending to `doctorChecks`.
import { createJudge, UNSAFE_LABEL, type Judge } from '@verdict/server/judge/index';

export interface DoctorFinding {
  /** What was checked, e.g. "language cpp" or "sandbox: cgroup memory". */
  item: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  /** How to fix it (a command to run), when not ok. */
  fix?: string;
}

export interface DoctorCheck {
  name: string;
  run(): Promise<DoctorFinding[]>;
}

/** The judge both checks below share: the sandbox when usable, else unsafe-local for probing. */
let judgeForDoctor: Promise<{ judge: Judge | null; sandboxError?: string }> | undefined;

function doctorJudge() {
  judgeForDoctor ??= (async () => {
    try {
      return { judge: await createJudge({ backend: 'sandbox' }) };
    } catch (err) {
      const sandboxError = (err as Error).message;
      try {
        return { judge: await createJudge({ backend: 'unsafe-local' }), sandboxError };
      } catch {
        return { judge: null, sandboxError };
      }
    }
  })();
  return judgeForDoctor;
}

export const sandboxCheck: DoctorCheck = {
  name: 'sandbox',
  async run() {
    const { judge, sandboxError } = await doctorJudge();
    if (sandboxError || !judge || judge.backend.unsafe) {
      return [
        {
          item: 'sandbox backend',
          status: 'fail',
          detail: sandboxError ?? 'not loaded',
          fix: 'apt-get install -y bubblewrap libseccomp-dev, run as root on Linux; or judge with --backend unsafe-local (UNSAFE: no isolation)',
        },
      ];
    }
    const check = await judge.backend.check();
    const findings: DoctorFinding[] = Object.entries(check.capabilities).map(([key, value]) => ({
      item: `sandbox: ${key}`,
      status: value === false ? 'warn' : 'ok',
      detail: String(value),
    }));
    for (const problem of check.problems) findings.push({ item: 'sandbox', status: 'fail', detail: problem });
    return findings;
  },
};

export const languagesCheck: DoctorCheck = {
  name: 'languages',
  async run() {
    const { judge } = await doctorJudge();
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

export const doctorChecks: DoctorCheck[] = [sandboxCheck, languagesCheck];
