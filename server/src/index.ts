// @verdict/server's public face: starting the server with its configuration. The other entry
// points (package.json `exports`) serve the CLI: ./database, ./errors, ./worker, ./accounts,
// ./contests, ./doctor. `./internal/*` reaches any module, for the project's own tests and
// benchmarks only (ESLint refuses it elsewhere).
export { DEFAULT_WEB_DIR, REPO_ROOT, SHUTDOWN_LIMIT_MS, startServer, type RunningServer, type StartOptions } from './server.ts';
export { loadConfig, type Config } from './config.ts';
