// `npm run bench -- <name> [args...]` runs bench/<name>.ts with the remaining arguments.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.slice(0, -3));
const [name, ...args] = process.argv.slice(2);

if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <name> [args...]\navailable: ${available.join(', ') || '(none)'}`);
  process.exit(2);
}
process.argv = [process.argv[0], path.join(here, `${name}.ts`), ...args];
await import(pathToFileURL(path.join(here, `${name}.ts`)).href);
