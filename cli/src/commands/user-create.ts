// `verdict user create`: one account, from flags or by asking; on the local database or
// through a server.
import { input, password as passwordPrompt, select } from '@inquirer/prompts';
import { CliError } from '../errors.ts';
import { emailProblem, nicknameProblem, passwordProblem, ROLES, usernameProblem, type RoleName } from '../user-rules.ts';
import { openUserStore } from '../user-store.ts';

interface CreateOptions {
  username?: string;
  email?: string;
  nickname?: string;
  password?: string;
  role?: RoleName;
  server?: string;
}

const ROLE_CHOICES = (Object.keys(ROLES) as RoleName[]).map((value) => ({ value, name: value }));

const valid = (check: (v: string) => string | undefined) => (v: string) => check(v.trim()) ?? true;

export async function askPassword(message = 'Password'): Promise<string> {
  const first = await passwordPrompt({ message, mask: true, validate: (v) => passwordProblem(v) ?? true });
  const again = await passwordPrompt({ message: 'Confirm password', mask: true });
  if (again !== first) throw new CliError('Password dost not match');
  return first;
}

export default async function userCreate(opts: CreateOptions): Promise<void> {
  // Flags are checked before anything is asked: a typo fails at once.
  for (const [value, check] of [
    [opts.username, usernameProblem],
    [opts.email, emailProblem],
    [opts.nickname, nicknameProblem],
    [opts.password, passwordProblem],
  ] as const) {
    const problem = value === undefined ? undefined : check(value.trim());
    if (problem) throw new CliError(problem);
  }
  const store = await openUserStore(opts.server);
  try {
    // Given a username, the command runs from flags: optional fields take their defaults.
    const interactive = opts.username === undefined;
    const username = (opts.username ?? (await input({ message: 'Username', validate: valid(usernameProblem) }))).trim();
    const email = (opts.email ?? (await input({ message: 'E-mail', validate: valid(emailProblem) }))).trim();
    const nickname = (opts.nickname ?? (interactive ? await input({ message: 'Nickname', default: username, validate: valid(nicknameProblem) }) : username)).trim();
    const role = opts.role ?? (interactive ? await select<RoleName>({ message: 'Role', choices: ROLE_CHOICES, default: 'user' }) : 'user');
    const password = opts.password ?? (await askPassword());
    const outcome = await store.createUser({ username, email, nickname, password, auth: ROLES[role] });
    if (outcome.status === 'existed') throw new CliError(`a user named "${username}" already exists`);
    if (outcome.status === 'invalid') throw new CliError(outcome.reason);
    console.log(`Created ${role} "${username}" in ${store.where}.`);
  } finally {
    await store.close();
  }
}
