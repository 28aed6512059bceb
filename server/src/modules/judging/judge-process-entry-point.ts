// The file the judge process runs (judge-process.ts forks it). From the TypeScript sources,
// judge-process-entry.mjs, which registers tsx's loader. scripts/build.mjs replaces this module in
// the CLI's build (dist/cli) with one naming the built judge process beside the bundle.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const JUDGE_PROCESS_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'judge-process-entry.mjs');
