// The user's CLI config file: tokens from `verdict login`, keyed by server URL. It holds
// secrets, so the folder is created 0700 and the file 0600, and both are tightened if an
// older version left them wider.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError } from './errors.ts';

export interface ServerLogin {
  token: string;
  username: string;
  savedAt: string;
}

export interface CliConfig {
  servers: Record<string, ServerLogin>;
}

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
  return path.join(base, 'verdict');
}

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(configDir(env), 'config.json');
}

export function readConfig(file = configPath()): CliConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { servers: {} };
  }
  try {
    const parsed = JSON.parse(text) as Partial<CliConfig>;
    return { servers: parsed.servers && typeof parsed.servers === 'object' ? parsed.servers : {} };
  } catch {
    throw new CliError(`${file} is not valid JSON; fix or delete it, then run \`verdict login\` again`);
  }
}

export function writeConfig(config: CliConfig, file = configPath()): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  // Write beside it, then rename: a crash never leaves half a file of tokens.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(config, null, 2) + '\n', { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
}

/** `http://host:8080/` and `http://host:8080` are the same server. */
export function normalizeServerUrl(input: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `http://${input}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new CliError(`"${input}" is not a server URL (expected e.g. http://localhost:8080)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`"${input}": only http:// and https:// servers are supported`);
  }
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

export function saveLogin(serverUrl: string, login: Omit<ServerLogin, 'savedAt'>): string {
  const file = configPath();
  const config = readConfig(file);
  config.servers[normalizeServerUrl(serverUrl)] = { ...login, savedAt: new Date().toISOString() };
  writeConfig(config, file);
  return file;
}

export function loginFor(serverUrl: string): ServerLogin | undefined {
  return readConfig().servers[normalizeServerUrl(serverUrl)];
}
