// What the backend prepares once and every run reads: helpers, cgroup driver, system mounts,
// work dirs, pinning, and the launcher spawner (or why launchers are forked from the judge).
import type { CgroupDriver } from './cgroups.ts';
import type { SandboxConfig } from './config.ts';
import type { Pinning } from './cpusets.ts';
import type { LauncherSpawner } from './spawner.ts';
import type { UidPool } from './uids.ts';
import type { WorkDirProvider } from './workdir.ts';

/** The spawner of a backend: started at the first launcher, again after it died; or why not. */
export interface SpawnerSlot {
  spawner: LauncherSpawner | null;
  /** Why launchers are forked from the judge; said once (process warning). */
  problem: string | null;
  warned?: boolean;
}

/** What the backend prepared once: helpers, cgroup driver, system mounts. */
export interface SandboxEnvironment {
  config: SandboxConfig;
  cgroups: CgroupDriver;
  rlimitExec: string;
  /** The exec gate (see helpers/exec-gate.c). */
  execGate: string;
  /** A session's pid 1 (see helpers/session-runner.c). */
  sessionRunner: string;
  /** Set by the backend's close(): no spare launcher is started until the next run. */
  closed?: boolean;
  /** Resolves once the spare launcher for the next run is started (it starts after a run). */
  nextLauncher?: Promise<void>;
  /** Starts the launchers (spawner.ts), or why they are forked from the judge. */
  spawner: SpawnerSlot;
  /** BPF file for `bwrap --seccomp`, or null to run without a filter. */
  seccompBpf: string | null;
  systemMounts: string[];
  workDirs: WorkDirProvider;
  /** The uids runs are started as, one per concurrent run (uids.ts). */
  uids: UidPool;
  /** Cores sessions are pinned to, or why they are not (cpusets.ts). */
  pinning: Pinning;
}
