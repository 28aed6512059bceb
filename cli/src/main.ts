// The `verdict` program: this file only declares commands. Each command is a plain async
// function in commands/<name>.ts, imported when it runs; one handler below decides the
// exit status and the message a user sees.
import { Command, Option } from 'commander';
import { CliError } from './errors.ts';

// Commander hands each action its own arguments and options: checked by the command's module.
type CommandModule = { default: (...args: unknown[]) => Promise<number | void> };

function action(module: string) {
  return async (...args: unknown[]) => {
    const mod = (await import(`./commands/${module}.ts`)) as CommandModule;
    const code = await mod.default(...args);
    if (typeof code === 'number') process.exitCode = code;
  };
}

const program = new Command('verdict')
  .description('Verdict online judge: serve, judge locally, manage problems, users and contests')
  .option('--debug', 'print stack traces on errors')
  .showHelpAfterError()
  .addHelpText('after', `
Examples:
  $ verdict serve                                  run the judge on http://localhost:8080
  $ verdict problem new sum && verdict problem validate sum
  $ verdict login --server http://judge.example.org -u admin
  $ verdict problem push sum --server http://judge.example.org
  $ verdict user import students.xlsx              (local database: DATA_DIR or DATABASE_URL)

Commands without --server work on the database \`verdict serve\` uses (DATA_DIR, default
./data, or DATABASE_URL), also while that server is running. Each command has --help.`);

program
  .command('serve')
  .description('start the API, the web app and a judge process it supervises')
  .option('-p, --port <port>', 'port to listen on (env PORT, default 8080)')
  .option('-d, --data-dir <dir>', 'data folder for the embedded database (env DATA_DIR, default ./data)')
  .option('--database-url <url>', 'use this PostgreSQL server instead of the embedded one (env DATABASE_URL)')
  .option('-w, --workers <n>', 'concurrent judge jobs in the judge process (env JUDGE_WORKERS, default 1; 0 = none)')
  .action(action('serve'));

program
  .command('worker')
  .description('run judge workers only, against the same database as the server')
  .option('-d, --data-dir <dir>', 'data folder (env DATA_DIR)')
  .option('--database-url <url>', 'PostgreSQL server (env DATABASE_URL)')
  .option('-w, --workers <n>', 'concurrent judge jobs', '1')
  .action(action('worker'));

program
  .command('doctor')
  .description('check toolchains, sandbox, database, Chromium and SMTP; say how to fix what is missing')
  .option('--json', 'print one JSON object')
  .action(action('doctor'));

program
  .command('judge')
  .description('judge a submission against a problem package (folder or zip)')
  .argument('<problem>', 'problem folder or zip')
  .argument('<source...>', 'source file, several files of one submission, or a folder of them')
  .option('--lang <id>', 'language id (default: from the file extension)')
  .option('--all', 'run every test instead of stopping at the first failure')
  .option('--json', 'print one JSON object')
  .option('--backend <name>', 'judge backend: sandbox or unsafe-local')
  .option('--time-limit <seconds>', 'time limit for flat packages without problem.yaml')
  .option('--memory-limit <mb>', 'memory limit for flat packages without problem.yaml')
  .action(action('judge'));

const problem = program.command('problem').description('prepare, check and publish problem packages');
problem
  .command('validate')
  .description('judge every file under submissions/ and check it gets the verdict of its folder')
  .argument('<problem>', 'problem folder or zip')
  .option('--json', 'print one JSON object')
  .option('--backend <name>', 'judge backend: sandbox or unsafe-local')
  .option('-j, --jobs <n>', 'submissions judged at once, each on a core of its own (default: the cores)')
  .action(action('problem-validate'));
problem
  .command('import')
  .description('convert a Polygon package, a CMS or TPS task, an FPS document or a Hydro export into a Verdict package that judge and validate take')
  .argument('<source>', 'package folder, zip, or FPS .xml')
  .argument('<out-dir>', 'folder to write (new or empty)')
  .option('--format <format>', 'polygon, cms, tps, fps or hydro (detected when not given)')
  .option('--json', 'print one JSON object')
  .option('--backend <name>', 'judge backend that makes missing tests: sandbox or unsafe-local')
  .addHelpText('after', `
Examples:
  $ verdict problem import a-plus-b-7\$linux.zip aplusb && verdict problem validate aplusb`)
  .action(action('problem-import'));
problem
  .command('export')
  .description('write a problem package as a Kattis 2025-09 package (problem.yaml, data/, output_validator/, submissions/)')
  .argument('<problem>', 'problem folder or zip (any layout Verdict loads)')
  .option('-o, --output <dir>', 'folder to write (default: <problem>-kattis beside it; must be new or empty)')
  .option('--format <format>', 'kattis (the default and, for now, the only one)')
  .option('--legacy', 'the legacy Kattis format instead of 2025-09 (pass-fail problems)')
  .option('--json', 'print one JSON object')
  .addHelpText('after', `
The written package is loaded back before the export is reported. What 2025-09 cannot say
(a plugin's checker, scoring rules it has no key for) is refused by name.

Examples:
  $ verdict problem import a-plus-b-7\$linux.zip aplusb && verdict problem export aplusb -o aplusb-kattis`)
  .action(action('problem-export'));
problem
  .command('new')
  .description('scaffold a Kattis-layout problem package')
  .argument('<dir>', 'folder to create')
  .option('--title <title>', 'problem title (1-50 characters)')
  .option('--time-limit <seconds>', 'time limit in seconds (default 1)')
  .option('--memory-limit <mb>', 'memory limit in MB (default 256)')
  .option('-y, --yes', 'do not ask; use defaults for what flags do not give')
  .addHelpText('after', `
The package holds problem.yaml, a statement, one sample and one secret test, and A + B
solutions under submissions/ (accepted and wrong_answer), so it judges from the start.

Examples:
  $ verdict problem new sum
  $ verdict problem new sum --title "Sum of two" --time-limit 2 --memory-limit 512 --yes`)
  .action(action('problem-new'));
problem
  .command('pack')
  .description('validate a problem folder, then zip it')
  .argument('<dir>', 'problem folder')
  .option('-o, --output <file>', 'zip file to write (default: <dir>.zip beside the folder)')
  .option('--validate', 'also judge the solutions under submissions/ (like `problem validate`)')
  .option('--no-validate', 'do not ask whether to judge the solutions')
  .addHelpText('after', `
The package is checked with the judge's own loader; files are zipped in a fixed order with
fixed times, so the same content always gives the same zip.

Examples:
  $ verdict problem pack sum
  $ verdict problem pack sum -o dist/sum.zip --validate`)
  .action(action('problem-pack'));
problem
  .command('push')
  .description('create or update the problem on a server and upload its data')
  .argument('<problem>', 'problem folder or zip')
  .requiredOption('--server <url>', 'server base URL')
  .option('--id <id>', 'update this problem id instead of matching by title')
  .option('--json', 'print one JSON object')
  .addHelpText('after', `
Title, time limit and memory limit come from problem.yaml. Without --id, the problem with
exactly that title is updated, or a new one is created. Needs \`verdict login\` first.

Examples:
  $ verdict problem push sum --server http://localhost:8080
  $ verdict problem push sum.zip --server http://localhost:8080 --id 12`)
  .action(action('problem-push'));
problem
  .command('pull')
  .description('export a problem from a server back to a package folder')
  .argument('<id>', 'problem id')
  .requiredOption('--server <url>', 'server base URL')
  .option('-o, --output <dir>', 'folder to write (default: problem-<id>; must be new or empty)')
  .addHelpText('after', `
Example:
  $ verdict problem pull 12 --server http://localhost:8080 -o sum`)
  .action(action('problem-pull'));

program
  .command('login')
  .description('log in to a server as an administrator and keep the token in your config file')
  .requiredOption('--server <url>', 'server base URL')
  .option('-u, --username <name>', 'admin username')
  .option('--password-stdin', 'read the password from stdin')
  .addHelpText('after', `
The token is saved in $XDG_CONFIG_HOME/verdict/config.json (default ~/.config/verdict),
readable only by you. When the server asks for a captcha, the CLI solves its proof-of-work
challenge itself (a second or two of CPU); a server started with CAPTCHA=off does not ask.

Examples:
  $ verdict login --server http://localhost:8080 -u admin
  $ printf '%s' "$ADMIN_PASSWORD" | verdict login --server http://localhost:8080 -u admin --password-stdin`)
  .action(action('login'));

const user = program.command('user').description('manage user accounts');
user
  .command('import')
  .description('create users from a spreadsheet (.xlsx, .xls or .csv)')
  .argument('<file>', 'spreadsheet: username, e-mail, nickname, password, contest title')
  .option('--server <url>', 'import through this server instead of the local database')
  .option('-o, --output <file>', 'where generated passwords are written')
  .option('-y, --yes', 'do not ask for confirmation')
  .option('--json', 'print one JSON object (needs --yes)')
  .addHelpText('after', `
Columns, after a header row: username, e-mail, nickname, password, contest title. Only the
first sheet is read. An empty password is generated and written, with the username, to
the --output file (default <file>-passwords.csv, readable only by you). Users are added to
the contest named in the last column. Without --server the local database is used
(DATA_DIR or DATABASE_URL, as for \`verdict serve\`).

Examples:
  $ verdict user import students.xlsx
  $ verdict user import students.csv --server http://localhost:8080 --yes --json`)
  .action(action('user-import'));
user
  .command('create')
  .description('create a user (asks for what the flags do not give)')
  .option('-u, --username <name>', 'username (at most 30 characters)')
  .option('-e, --email <email>', 'e-mail address')
  .option('-n, --nickname <nickname>', 'nickname (default: the username)')
  .option('--password <password>', 'password, 6 to 32 characters (asked twice when missing)')
  .addOption(new Option('--role <role>', 'role').choices(['user', 'admin', 'superadmin']))
  .option('--server <url>', 'create through this server instead of the local database')
  .addHelpText('after', `
Asks for whatever the flags do not give. Over --server the role is user or admin.

Examples:
  $ verdict user create
  $ verdict user create -u alice -e alice@example.com --password 's3cret-pw' --role admin`)
  .action(action('user-create'));
user
  .command('passwd')
  .description("set a user's password")
  .argument('<username>', 'whose password to set')
  .option('--password <password>', 'new password, 6 to 32 characters (asked twice when missing)')
  .option('--server <url>', 'through this server instead of the local database')
  .addHelpText('after', `
The user's sessions end: they log in again with the new password.

Example:
  $ verdict user passwd alice`)
  .action(action('user-passwd'));

const token = program.command('token').description('API tokens for Contest API clients (the ICPC Resolver, the CDS)');
token
  .command('issue')
  .description("issue an API token that reads /api/ccs as an account; it is printed once")
  .argument('<username>', 'the account the token reads as (an administrator sees everything)')
  .requiredOption('--label <text>', 'what the token is for, e.g. "resolver on the stage laptop"')
  .option('--server <url>', 'through this server instead of the local database')
  .option('--json', 'print one JSON object')
  .addHelpText('after', `
The token lives until revoked, or until the account's password or role changes. Send it as
"Authorization: Bearer <token>" on /api/ccs; it is refused on the rest of the API.

Example:
  $ verdict token issue resolver --label "resolver on the stage laptop"`)
  .action(action('token-issue'));
token
  .command('list')
  .description('list the API tokens (never their secrets)')
  .option('--server <url>', 'through this server instead of the local database')
  .option('--json', 'print JSON')
  .action(action('token-list'));
token
  .command('revoke')
  .description('revoke an API token: it stops working at once')
  .argument('<id>', 'the id `verdict token list` shows')
  .option('--server <url>', 'through this server instead of the local database')
  .action(action('token-revoke'));

const db = program.command('db').description('back up and restore the database and stored files');
db
  .command('backup')
  .description('write the database and the stored packages and statements to one file')
  .argument('<file>', 'where the backup goes (a zip)')
  .addHelpText('after', `
Works on the database \`verdict serve\` uses (DATA_DIR or DATABASE_URL), also while it runs: the
tables are read in one consistent snapshot. See docs/operations.md.

Example:
  $ verdict db backup /backups/verdict-$(date +%F).zip`)
  .action(action('db-backup'));
db
  .command('restore')
  .description('restore a backup into a fresh data folder or an empty database')
  .argument('<file>', 'a file written by `verdict db backup`')
  .addHelpText('after', `
The target (DATA_DIR or DATABASE_URL) must hold no data; a backup of an older Verdict is
migrated to this version after the restore. Stop the server first.

Example:
  $ DATA_DIR=/srv/verdict-new verdict db restore /backups/verdict-2026-11-24.zip`)
  .action(action('db-restore'));

const contest = program.command('contest').description('contest results, and contests as ICPC Contest Packages out and in');

contest
  .command('export')
  .description("write a contest as an ICPC Contest Package (2026-01): the Contest API's JSON, event-feed.ndjson, submissions' files, problems' packages")
  .argument('<id>', 'contest id')
  .argument('<dest>', 'a new or empty folder, or a path ending in .zip')
  .requiredOption('--server <url>', 'the server to read (after verdict login)')
  .addHelpText('after', `
Examples:
  $ verdict contest export 3 wf2026/ --server http://localhost:8080
  $ verdict contest export 3 wf2026.zip --server http://localhost:8080`)
  .action(action('contest-export'));

contest
  .command('import')
  .description('set a contest up from an ICPC Contest Package (folder or zip): contest.yaml, problems.yaml and their packages, teams, accounts, organizations, groups')
  .argument('<package>', 'the package folder or zip')
  .requiredOption('--server <url>', 'the server to set it up on (after verdict login)')
  .addHelpText('after', `
Results (submissions, judgements, clarifications, the event feed) are not imported. What Verdict
cannot set up (a paused countdown, another penalty than 20 minutes, non-team accounts, a problem
without its package) is refused by name before anything is created.

Example:
  $ verdict contest import domjudge-export.zip --server http://localhost:8080`)
  .action(action('contest-import'));

contest
  .command('scoreboard')
  .description('print the ICPC scoreboard of a contest')
  .argument('<id>', 'contest id')
  .option('--csv', 'print CSV')
  .option('--json', 'print JSON')
  .option('--server <url>', 'read from this server instead of the local database')
  .option('--frozen', 'the board contestants see during the scoreboard freeze (default: the live board)')
  .addHelpText('after', `
Cells: +N (M) solved at the N-th attempt, M minutes after the start; -N: N rejected attempts;
?N (frozen board): N tries after the freeze, verdicts hidden.

Examples:
  $ verdict contest scoreboard 3
  $ verdict contest scoreboard 3 --frozen
  $ verdict contest scoreboard 3 --server http://localhost:8080 --csv > board.csv`)
  .action(action('contest-scoreboard'));

contest
  .command('similarity')
  .description("similarity (plagiarism) analysis of a contest's sources: the most similar pairs of contestants per problem, and clusters")
  .argument('<contest>', 'contest id')
  .option('--problem <letter|id>', 'only this problem (its letter in the contest, or its id)')
  .option('--accepted', "compare each contestant's last accepted submission (default: the last one)")
  .option('--base <file>', 'code every contestant was given (besides the templates): not counted as shared')
  .option('--top <n>', 'pairs shown per problem', '10')
  .option('--csv', 'print every stored pair as CSV')
  .option('--json', 'print JSON: the run, its clusters and every stored pair')
  .option('--server <url>', 'run it on this server instead of the local database')
  .addHelpText('after', `
Similarity: the share of both sources' fingerprints (winnowed k-grams of normalised tokens) the
other has too; identifiers, comments, layout and C++/C I/O style do not change it. Sources in a
language without a lexer are compared as generic tokens: marked "generic".

Examples:
  $ verdict contest similarity 3
  $ verdict contest similarity 3 --problem B --accepted --base skeleton.cpp
  $ verdict contest similarity 3 --server http://localhost:8080 --csv > pairs.csv`)
  .action(action('contest-similarity'));

program
  .command('shadow')
  .description("shadow another CCS: judge each submission of its event feed again and compare verdicts (theirs × ours)")
  .argument('<action>', 'start, stop or status')
  .argument('<contest>', 'the contest id (set up from the other CCS\'s package with verdict contest import)')
  .argument('[source]', 'start: the event feed URL, or the absolute path of an event-feed.ndjson on the server')
  .requiredOption('--server <url>', 'the server that shadows (after verdict login)')
  .addHelpText('after', `
The other CCS's credentials come from the environment: SHADOW_TOKEN (an API token, sent as
Bearer), or SHADOW_USERNAME and SHADOW_PASSWORD (HTTP Basic).

Examples:
  $ SHADOW_TOKEN=... verdict shadow start 3 https://domjudge.example/api/contests/wf/event-feed --server http://localhost:8080
  $ verdict shadow status 3 --server http://localhost:8080
  $ verdict shadow stop 3 --server http://localhost:8080`)
  .action(action('shadow'));

try {
  await program.parseAsync(process.argv);
} catch (err) {
  const debug = program.opts().debug || process.argv.includes('--debug');
  if ((err as Error)?.name === 'ExitPromptError') {
    console.error('cancelled');
    process.exitCode = 130;
  } else if (err instanceof CliError) {
    console.error(`error: ${err.message}`);
    if (debug && err.stack) console.error(err.stack);
    process.exitCode = err.exitCode;
  } else {
    const e = err as Error;
    console.error(`error: ${e?.message ?? String(err)}`);
    if (debug && e?.stack) console.error(e.stack);
    process.exitCode = 2;
  }
}
