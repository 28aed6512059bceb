// One judge per process, created on first use from configuration (a judge process's workers
// share it; the server uses its own for the API's language list), and closed once on shutdown
// (the sandbox keeps launchers and work dirs between runs).
import path from 'node:path';
import type { Config } from '../../config.ts';
import { createJudge, type Judge } from '@verdict/judge';
import type { Logger } from '../../logger.ts';

export interface JudgeProvider {
  /** The judge; a failed set-up is retried on the next call. */
  get(): Promise<Judge>;
  close(): Promise<void>;
}

export function createJudgeProvider(config: Config, log: Logger): JudgeProvider {
  let judge: Promise<Judge> | undefined;
  return {
    get() {
      judge ??= createJudge({
        plugins: config.plugins.map((name) => ({ name, optional: true })),
        backend: config.judgeBackend,
        cacheDir: path.join(config.dataDir, 'cache'),
        log: (message) => log.info(message),
      });
      judge.catch(() => (judge = undefined));
      return judge;
    },
    async close() {
      const current = judge;
      judge = undefined;
      if (current) await (await current.catch(() => undefined))?.close();
    },
  };
}
