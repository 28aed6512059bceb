#!/usr/bin/env node
// The `verdict` command. It runs the ahead-of-time JavaScript build in dist/cli (`npm run build`,
// which scripts/install.sh runs) when that build was made from the sources as they are now
// (fresh-build.js); otherwise, while developing or after a source changed, the TypeScript sources
// through tsx's loader, which costs ~0.1 s more at every start. VERDICT_BUILD_DIR names another
// build folder (the tests use it). See docs/cli.md, "The build".
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBuild } from './fresh-build.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const build = checkBuild(process.env.VERDICT_BUILD_DIR || path.join(root, 'dist', 'cli'), root);
const debug = process.argv.includes('--debug');
if (build.fresh) {
  // Stack traces name the TypeScript sources (the build has source maps); only with --debug,
  // which prints them, since reading the maps costs start-up time.
  if (debug) process.setSourceMapsEnabled(true);
  await import(build.entry);
} else {
  if (debug) console.error(`verdict: running the TypeScript sources: ${build.reason}`);
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
