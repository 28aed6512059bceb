// `verdict user passwd <username>`: set a password (asked twice unless --password) and end
// every session of that user.
import { CliError } from '../errors.ts';
import { passwordProblem } from '../user-rules.ts';
import { openUserStore } from '../user-store.ts';
import { askPassword } from './user-create.ts';

interface PasswdOptions {
  password?: string;
  server?: string;
}

export default async function userPasswd(username: string, opts: PasswdOptions): Promise<void> {
  const problem = opts.password === undefined ? undefined : passwordProblem(opts.password);
  if (problem) throw new CliError(problem);
  const store = await openUserStore(opts.server);
  try {
    if (!(await store.hasUser(username))) throw new CliError(`no user named "${username}" in ${store.where}`);
    const password = opts.password ?? (await askPassword(`New password for ${username}`));
    await store.setPassword(username, password);
    console.log(`Password of "${username}" changed in ${store.where}; their sessions were ended.`);
  } finally {
    await store.close();
  }
}
