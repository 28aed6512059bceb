// Entry of the judge process that `verdict serve` forks (judge-process.ts): the TypeScript
// sources run through tsx's loader, as in the `verdict` command.
import { register } from 'tsx/esm/api';

register();
await import('./judge-process-main.ts');
