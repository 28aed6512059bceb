// Test data on a worker: packages.ts unpacks a package once per machine (from the local zip or
// the database copy) by content hash; this keeps the loaded Problem per hash in the process.
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { loadProblemPackage } from '@verdict/judge';
import type { Problem } from '@verdict/judge';
import { ensurePackageDir } from '../problems/index.ts';

export class PackageCache {
  private readonly loaded = new Map<string, Promise<Problem>>();

  constructor(
    private readonly config: Config,
    private readonly database: Database,
  ) {}

  /** The problem package with this hash, unpacked and loaded (once per process). */
  problem(hash: string): Promise<Problem> {
    let pending = this.loaded.get(hash);
    if (!pending) {
      pending = ensurePackageDir({ config: this.config, db: this.database.db }, hash).then((dir) => loadProblemPackage(dir));
      this.loaded.set(hash, pending);
      pending.catch(() => this.loaded.delete(hash));
    }
    return pending;
  }
}
