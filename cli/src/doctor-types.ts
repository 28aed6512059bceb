// What a `verdict doctor` check is and reports (doctor-checks.ts runs them).
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
