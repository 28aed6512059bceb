// `verdict login --server URL`: administrator login; the token is kept in the user's config
// file, keyed by server. A server with CAPTCHA=off logs in straight away. When the server asks
// for a captcha, its picture is saved to a temp file and the text is asked for (a terminal
// cannot show it, and the CLI does not try to read it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { input, password as passwordPrompt } from '@inquirer/prompts';
import { ErrorKinds } from '@verdict/shared';
import { CliError } from '../errors.ts';
import { saveLogin } from '../config-file.ts';
import { ServerClient, ServerError } from '../server-client.ts';

interface LoginOptions {
  server: string;
  username?: string;
  passwordStdin?: boolean;
}

const CAPTCHA_TRIES = 3;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/** Saves the captcha picture (an SVG data URL) to a private temp file; returns its path. */
export function saveCaptchaImage(dataUrl: string): string {
  const m = /^data:image\/svg\+xml;base64,(.*)$/.exec(dataUrl);
  if (!m) throw new CliError('the server sent a captcha in a format the CLI does not know');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-captcha-'));
  const file = path.join(dir, 'captcha.svg');
  fs.writeFileSync(file, Buffer.from(m[1], 'base64'), { mode: 0o600 });
  return file;
}

async function askCaptcha(client: ServerClient): Promise<{ captchaId: string; captcha: string }> {
  const { captchaId, image } = await client.get('/api/captcha');
  const file = saveCaptchaImage(image);
  try {
    console.log(`This server asks for a captcha. Open ${file} (in a browser or image viewer) and type the text you see.`);
    const captcha = await input({ message: 'Captcha', required: true });
    return { captchaId, captcha: captcha.trim() };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

export default async function login(opts: LoginOptions): Promise<void> {
  const client = new ServerClient(opts.server);
  const username = opts.username ?? (await input({ message: 'Admin username', required: true }));
  const password = opts.passwordStdin ? await readStdin() : await passwordPrompt({ message: 'Password', mask: true });
  if (!password) throw new CliError('no password given');
  const form = { username: username.trim(), password };
  let session: { token: string; username: string } | undefined;
  for (let attempt = 0; !session; attempt++) {
    try {
      // The first try carries no captcha: a server with CAPTCHA=off lets it through.
      const captcha = attempt === 0 ? {} : await askCaptcha(client);
      session = await client.form('/api/user/adminLogin', { ...form, ...captcha });
    } catch (err) {
      if (!(err instanceof ServerError) || err.code !== ErrorKinds.WRONG_CAPTCHA.code) throw err;
      if (opts.passwordStdin) {
        throw new CliError(`${client.baseUrl} asks for a captcha, which cannot be answered with --password-stdin; run \`verdict login --server ${client.baseUrl}\` in a terminal`);
      }
      if (attempt >= CAPTCHA_TRIES) throw new CliError('wrong captcha too many times; nothing saved');
      if (attempt > 0) console.log('Wrong captcha; here is a new one.');
    }
  }
  const file = saveLogin(client.baseUrl, { token: session.token, username: session.username });
  console.log(`Logged in to ${client.baseUrl} as ${session.username}. Token saved in ${file}.`);
}
