// Solving the server's proof-of-work captcha (ALTCHA v2; docs/auth.md, "Captcha"): derive keys
// for counters 0, 1, 2, ... until one starts with the challenge's key prefix; that counter is
// the answer the login, register and reset forms send as `captcha`. The web app and the CLI both
// use this, with WebCrypto's PBKDF2, which browsers and Node run off the JavaScript thread.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/** A challenge as `GET /api/captcha` sends it (ALTCHA v2's challenge parameters). */
export interface CaptchaChallenge {
  algorithm: string;
  cost: number;
  keyLength: number;
  keyPrefix: string;
  nonce: string;
  salt: string;
}

export interface SolveOptions {
  /** Searches run at once over interleaved counters (WebCrypto spreads them over threads). */
  parallel?: number;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The counter that solves the challenge, as the answer text; null when aborted or out of time. */
export async function solveCaptchaChallenge(challenge: CaptchaChallenge, options: SolveOptions = {}): Promise<string | null> {
  const { parallel = 2, signal, timeoutMs = 120_000 } = options;
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal?.addEventListener('abort', stop);
  try {
    const searches = Array.from({ length: parallel }, async (_, i) => {
      const found = await solveChallenge({
        challenge: { parameters: challenge },
        deriveKey,
        controller,
        counterStart: i,
        counterStep: parallel,
        timeout: timeoutMs,
      });
      if (found) controller.abort();
      return found;
    });
    const found = (await Promise.all(searches)).find((s) => s !== null);
    return found && !signal?.aborted ? String(found.counter) : null;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
