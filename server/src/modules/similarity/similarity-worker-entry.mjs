// Entry of the worker thread that analyses a run's sources (similarity-runner.ts): the TypeScript
// sources run through tsx's loader, as in the judge process's entry. Also used by the command's
// build, whose modules find this file beside the sources (scripts/build.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./similarity-worker.ts');
