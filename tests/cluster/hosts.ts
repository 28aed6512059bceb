// Test hosts on one machine: network namespaces joined by veth pairs to a bridge in the root
// namespace (`ip` from Debian's iproute2), so each `host` has its own address, its own loopback and
// its own processes, and a link that can be cut. The test process, in the root namespace, reaches
// every host through the bridge (10.S.0.1).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';

export interface Host {
  name: string;
  /** The namespace's name. */
  ns: string;
  ip: string;
  /** The root side of the host's veth pair: its link to everything else. */
  link: string;
}

const run = (args: string[]) => execFileSync('ip', args, { stdio: 'pipe' }).toString();

/** Why namespaces cannot be made here, or null. */
export function namespacesUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'needs root';
  const probe = `vp${process.pid % 100000}`;
  try {
    run(['netns', 'add', probe]);
    run(['netns', 'del', probe]);
    return null;
  } catch (err) {
    return `ip netns failed: ${(err as Error).message.split('\n')[0]}`;
  }
}

export class Hosts {
  readonly tag = `${process.pid % 10000}`;
  readonly subnet = `10.${200 + (process.pid % 50)}.0`;
  readonly bridge = `vb${this.tag}`;
  readonly gateway = `${this.subnet}.1`;
  private readonly hosts: Host[] = [];
  private readonly children = new Set<ChildProcess>();

  constructor() {
    run(['link', 'add', this.bridge, 'type', 'bridge']);
    run(['addr', 'add', `${this.gateway}/24`, 'dev', this.bridge]);
    run(['link', 'set', this.bridge, 'up']);
  }

  add(name: string, octet: number): Host {
    const ns = `v${this.tag}${name}`;
    const link = `v${this.tag}${name}`.slice(0, 15);
    const peer = `p${this.tag}${name}`.slice(0, 15);
    run(['netns', 'add', ns]);
    run(['link', 'add', link, 'type', 'veth', 'peer', 'name', peer]);
    run(['link', 'set', peer, 'netns', ns]);
    run(['link', 'set', link, 'master', this.bridge]);
    run(['link', 'set', link, 'up']);
    const ip = `${this.subnet}.${octet}`;
    const inside = (...args: string[]) => run(['netns', 'exec', ns, 'ip', ...args]);
    inside('link', 'set', 'lo', 'up');
    inside('link', 'set', peer, 'name', 'eth0');
    inside('addr', 'add', `${ip}/24`, 'dev', 'eth0');
    inside('link', 'set', 'eth0', 'up');
    inside('route', 'add', 'default', 'via', this.gateway);
    const host = { name, ns, ip, link };
    this.hosts.push(host);
    return host;
  }

  /**
   * Starts a command on the host (as root, in its network namespace). nsenter, not `ip netns
   * exec`: that one mounts a fresh /sys, hiding the cgroup hierarchies the sandbox needs.
   */
  spawn(host: Host, argv: string[], env: NodeJS.ProcessEnv): ChildProcess {
    const child = spawn('nsenter', [`--net=/run/netns/${host.ns}`, '--', ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.children.add(child);
    child.once('exit', () => this.children.delete(child));
    return child;
  }

  /** Pids of every process in the host's namespace. */
  pids(host: Host): number[] {
    return run(['netns', 'pids', host.ns]).split('\n').filter(Boolean).map(Number);
  }

  /** SIGKILLs every process of the host (a machine losing power). */
  killAll(host: Host): void {
    for (const pid of this.pids(host)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  }

  cut(host: Host): void {
    run(['link', 'set', host.link, 'down']);
  }

  restore(host: Host): void {
    run(['link', 'set', host.link, 'up']);
  }

  destroy(): void {
    for (const host of this.hosts) this.killAll(host);
    for (const child of this.children) child.kill('SIGKILL');
    for (const host of this.hosts) {
      try {
        run(['netns', 'del', host.ns]);
      } catch {
        // already gone
      }
      try {
        run(['link', 'del', host.link]);
      } catch {
        // went with the namespace
      }
    }
    try {
      run(['link', 'del', this.bridge]);
    } catch {
      // already gone
    }
  }
}
