// Configuration of the `sandbox` backend: every option has a default, parseConfig() rejects
// anything it does not understand with a message naming the option.
import os from 'node:os';
import path from 'node:path';
import { parseUidList } from './uids.ts';

export type SeccompMode = 'required' | 'optional' | 'off';
export type CgroupVersion = 'auto' | 'v1' | 'v2';
export type WorkDirMode = 'tmpfs' | 'bind';

export interface SandboxConfig {
  /** Path of the bubblewrap binary. */
  bwrapPath: string;
  /**
   * The uids runs are started as, one per concurrent run (uids.ts): a range such as
   * "1900000000-1900000063" or a list. They must be unused on the host (no user, no file, no
   * process of theirs) and not shared with another judge process.
   */
  uids: string;
  /** The first uid of `uids` (given alone, the legacy option, it is a pool of one). */
  uid: number;
  /** The group every run is started as. */
  gid: number;
  /** Name of the cgroup (under each controller) that holds one fresh child cgroup per run. */
  cgroupParent: string;
  cgroupVersion: CgroupVersion;
  /** 'required': refuse to run without the filter; 'optional': run without it when unavailable. */
  seccomp: SeccompMode;
  /** Where the helper binaries (seccomp filter writer, rlimit launcher) are compiled and kept. */
  cacheDir: string;
  /**
   * 'tmpfs': the program works in a copy of the work dir on a tmpfs of limits.diskKb (files it
   * creates or changes are copied back); 'bind': the host work dir is bound directly (faster,
   * but its disk use is bounded only per file).
   */
  workDirMode: WorkDirMode;
  /** Where the tmpfs work dirs are mounted ('tmpfs' mode). */
  slotRoot: string;
  /**
   * 'tmpfs' mode: names a work dir may hold (the tmpfs's nr_inodes, and the most entries copied
   * back) and directory levels copied back; a run that leaves more is OLE and nothing is copied.
   */
  workDirEntries: number;
  workDirDepth: number;
  /** Size of the private /tmp (a tmpfs, charged to the run's memory cgroup). */
  tmpSizeKb: number;
  /** Defaults for limits the request leaves out. */
  defaultPids: number;
  defaultOutputBytes: number;
  defaultStderrBytes: number;
  defaultDiskKb: number;
  /** How often the CPU usage of a running program is compared with its limit. */
  cpuPollMs: number;
  /** Host paths bound read-only at the same place (skipped when missing). */
  systemBinds: string[];
  /**
   * Cores sessions are pinned to, one session per core ('auto': every core this process may
   * use; 'off'; or a list such as "0-3"). Needs the cgroup v1 cpuset hierarchy; see cpusets.ts.
   */
  cpus: string;
}

const cacheHome = process.env.XDG_CACHE_HOME || os.tmpdir();

export const defaultSandboxConfig: SandboxConfig = {
  bwrapPath: '/usr/bin/bwrap',
  // Unused by Debian, systemd (which leaves 1879048192–2147352575 unassigned) and the usual
  // /etc/subuid ranges (from 100000, 65536 a user).
  uids: '1900000000-1900000063',
  uid: 1900000000,
  gid: 65534,
  cgroupParent: 'verdict-sandbox',
  cgroupVersion: 'auto',
  seccomp: 'required',
  cacheDir: path.join(cacheHome, 'verdict-sandbox'),
  workDirMode: 'tmpfs',
  slotRoot: '/run/verdict-sandbox',
  workDirEntries: 4096,
  workDirDepth: 32,
  tmpSizeKb: 64 * 1024,
  defaultPids: 128,
  defaultOutputBytes: 64 << 20,
  defaultStderrBytes: 64 << 10,
  defaultDiskKb: 256 * 1024,
  cpuPollMs: 50,
  cpus: 'auto',
  systemBinds: [
    '/usr',
    '/bin',
    '/sbin',
    '/lib',
    '/lib32',
    '/lib64',
    '/libx32',
    // Each bind is a mount that bwrap sets up and the kernel tears down on every run: only what
    // runtimes read (alternatives for java/javac, the loader cache, the JDK's config).
    '/etc/alternatives',
    '/etc/ld.so.cache',
    '/etc/localtime',
    '/etc/java-17-openjdk',
    '/etc/java-21-openjdk',
    '/etc/fpc.cfg',
    // Mono's DllImport map: without it mono cannot reach libc (mcs fails to open its source).
    '/etc/mono/config',
    // R_HOME/etc (/usr/lib/R/etc) is made of symlinks into /etc/R: Renviron, ldpaths.
    '/etc/R',
    // GHC's global package database (/usr/lib/ghc/package.conf.d links here).
    '/var/lib/ghc/package.conf.d',
    // GnuCOBOL's dialect configurations (cobc refuses to compile without default.conf).
    '/etc/gnucobol',
  ],
};

type Check = (value: unknown) => boolean;
const positiveInt: Check = (v) => Number.isInteger(v) && (v as number) > 0;
const nonNegativeInt: Check = (v) => Number.isInteger(v) && (v as number) >= 0;
const nonEmptyString: Check = (v) => typeof v === 'string' && v.length > 0;
const absolutePath: Check = (v) => typeof v === 'string' && path.isAbsolute(v);

const rules: { [K in keyof SandboxConfig]: [Check, string] } = {
  bwrapPath: [absolutePath, 'an absolute path'],
  // Never root: as root, bwrap maps the sandbox user back to host root.
  uids: [(v) => typeof v === 'string' && parseUidList(v) !== null, 'a uid range or list such as "1900000000-1900000063" (uids > 0, below 2^31)'],
  uid: [(v) => positiveInt(v) && (v as number) < 2 ** 31, 'an unprivileged uid (integer > 0)'],
  gid: [positiveInt, 'an unprivileged gid (integer > 0)'],
  cgroupParent: [(v) => nonEmptyString(v) && /^[\w.-]+$/.test(v as string), 'a cgroup name ([A-Za-z0-9_.-]+)'],
  cgroupVersion: [(v) => v === 'auto' || v === 'v1' || v === 'v2', "'auto', 'v1' or 'v2'"],
  seccomp: [(v) => v === 'required' || v === 'optional' || v === 'off', "'required', 'optional' or 'off'"],
  cacheDir: [absolutePath, 'an absolute path'],
  workDirMode: [(v) => v === 'tmpfs' || v === 'bind', "'tmpfs' or 'bind'"],
  slotRoot: [absolutePath, 'an absolute path'],
  workDirEntries: [positiveInt, 'a positive integer'],
  workDirDepth: [positiveInt, 'a positive integer'],
  tmpSizeKb: [positiveInt, 'a positive integer'],
  defaultPids: [positiveInt, 'a positive integer'],
  defaultOutputBytes: [positiveInt, 'a positive integer'],
  defaultStderrBytes: [nonNegativeInt, 'an integer ≥ 0'],
  defaultDiskKb: [positiveInt, 'a positive integer'],
  cpuPollMs: [positiveInt, 'a positive integer'],
  systemBinds: [(v) => Array.isArray(v) && v.every(absolutePath), 'a list of absolute paths'],
  cpus: [(v) => v === 'auto' || v === 'off' || (typeof v === 'string' && /^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(v)), "'auto', 'off' or a CPU list such as \"0-3\" or \"1,3\""],
};

/** Validates a raw (YAML/JSON) config; missing options take their defaults. */
export function parseSandboxConfig(raw: unknown): SandboxConfig {
  if (raw === undefined || raw === null) return { ...defaultSandboxConfig };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new Error('sandbox-bwrap: the configuration must be an object');
  }
  const config: Record<string, unknown> = { ...defaultSandboxConfig };
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue; // an option spelled out but left unset keeps its default
    const rule = rules[key as keyof SandboxConfig];
    if (!rule) {
      throw new Error(`sandbox-bwrap: unknown option '${key}' (known: ${Object.keys(rules).join(', ')})`);
    }
    if (!rule[0](value)) throw new Error(`sandbox-bwrap: option '${key}' must be ${rule[1]}`);
    config[key] = value;
  }
  const given = raw as Record<string, unknown>;
  // `uid` alone (the older option) is a pool of that one uid; `uids` decides otherwise.
  if (given.uids === undefined && given.uid !== undefined) config.uids = String(given.uid);
  config.uid = parseUidList(config.uids as string)![0];
  return config as unknown as SandboxConfig;
}
