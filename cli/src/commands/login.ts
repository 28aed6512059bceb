// `verdict login --server URL`: administrator login; the token is kept in the user's config
// file, keyed by server. A server with CAPTCHA=off logs in straight away. When the server asks
// for a captcha, the CLI solves its proof-of-work challenge itself (a second or two of CPU), so
// scripts with --password-stdin log in too.
import { input, password as passwordPrompt } from '@inquirer/prompts';
import { ErrorKinds } from '@verdict/shared';
import { solveCaptchaChallenge } from '@verdict/shared/captcha';
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

async function solveCaptcha(client: ServerClient): Promise<{ captchaId: string; captcha: string }> {
  const { captchaId, challenge } = await client.get('/api/captcha');
  if (!challenge) throw new CliError(`${client.baseUrl} sent a captcha the CLI cannot solve (no proof-of-work challenge); is it an older Verdict?`);
  console.error('Solving the server\'s proof-of-work captcha...');
  const captcha = await solveCaptchaChallenge(challenge);
  if (captcha === null) throw new CliError('could not solve the captcha in time; nothing saved');
  return { captchaId, captcha };
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
      const captcha = attempt === 0 ? {} : await solveCaptcha(client);
      session = await client.form('/api/user/adminLogin', { ...form, ...captcha });
    } catch (err) {
      if (!(err instanceof ServerError) || err.code !== ErrorKinds.WRONG_CAPTCHA.code) throw err;
      if (attempt >= CAPTCHA_TRIES) throw new CliError('the server refused the solved captcha too many times; nothing saved');
    }
  }
  const file = saveLogin(client.baseUrl, { token: session.token, username: session.username });
  console.log(`Logged in to ${client.baseUrl} as ${session.username}. Token saved in ${file}.`);
}
