// The uids runs are started as: a pool, one uid per concurrent run (issue 27). Per-user kernel
// limits — inotify instances and watches, pending signals (and with them POSIX timers), epoll
// watches, processes — are counted per uid for the whole host, whatever the namespaces: with
// every run as uid 65534, a run holding 128 inotify instances or 30,000 queued signals made
// inotify_init and timer_create fail in every other run. A uid goes back to the pool only once
// every process of its run is gone (its launcher, which reaps them all, has exited), and the
// uid released last is handed out first, so one worker's runs keep one uid (its tmpfs slot's
// copy of the program is reused only by the same uid). Pools are shared by the backends of a
// process with the same uids; judge processes on one host must be given ranges of their own.

export interface UidPool {
  readonly uids: readonly number[];
  /** A uid no other run of this process holds; when all are held, the least shared one. */
  acquire(): number;
  /** Call once every process of the run that held `uid` is gone. */
  release(uid: number): void;
}

const pools = new Map<string, UidPool>();

export function uidPool(uids: readonly number[]): UidPool {
  const key = uids.join(',');
  let pool = pools.get(key);
  if (!pool) {
    pool = createPool(uids);
    pools.set(key, pool);
  }
  return pool;
}

function createPool(uids: readonly number[]): UidPool {
  // Released last, handed out first: the end of the list.
  const free = [...uids].reverse();
  const holders = new Map<number, number>();
  return {
    uids,
    acquire() {
      let uid = free.pop();
      if (uid === undefined) {
        // More runs at once than uids (doctor warns): share the least shared one rather than wait
        // (a session waiting for a uid its own checker holds would never end).
        uid = uids.reduce((best, u) => ((holders.get(u) ?? 0) < (holders.get(best) ?? 0) ? u : best), uids[0]);
      }
      holders.set(uid, (holders.get(uid) ?? 0) + 1);
      return uid;
    },
    release(uid) {
      const held = (holders.get(uid) ?? 0) - 1;
      if (held > 0) {
        holders.set(uid, held);
        return;
      }
      holders.delete(uid);
      if (held === 0) free.push(uid);
    },
  };
}

/** "1900000000-1900000063", "65534" or "1000,2000-2003" → the uids, or null when malformed. */
export function parseUidList(text: string): number[] | null {
  if (!/^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(text)) return null;
  const uids = new Set<number>();
  for (const part of text.split(',')) {
    const [from, to = from] = part.split('-').map(Number);
    // Positive and below 2^31 (no signedness trouble); ranges of at most 65536.
    if (!(from > 0 && to >= from && to < 2 ** 31 && to - from < 65536)) return null;
    for (let uid = from; uid <= to; uid++) uids.add(uid);
    if (uids.size > 65536) return null;
  }
  return [...uids];
}
