// Whether this server can do its work now (GET /api/ready), apart from whether it is alive
// (GET /api/health): it is starting until startServer has migrated the database and its judge
// (or none, JUDGE_WORKERS=0) can take jobs, and stopping from the first signal on. Checks added
// by the services say what else must hold while it runs (the judge process is up).

export interface ReadinessCheck {
  /** What is not ready, said to the caller, when the check fails (e.g. "the judge process is restarting"). */
  name: string;
  ok(): boolean;
}

export class Readiness {
  private phase: 'starting' | 'ready' | 'stopping' = 'starting';
  private readonly checks: ReadinessCheck[] = [];

  add(check: ReadinessCheck): void {
    this.checks.push(check);
  }

  ready(): void {
    if (this.phase === 'starting') this.phase = 'ready';
  }

  stopping(): void {
    this.phase = 'stopping';
  }

  get isStopping(): boolean {
    return this.phase === 'stopping';
  }

  /** Why the server is not ready, or null when it is. */
  notReadyBecause(): string | null {
    if (this.phase === 'starting') return 'the server is starting';
    if (this.phase === 'stopping') return 'the server is stopping';
    return this.checks.find((c) => !c.ok())?.name ?? null;
  }
}
