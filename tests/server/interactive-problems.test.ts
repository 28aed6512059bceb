// An interactive problem on the server: uploaded as a Kattis package, its statement without the
// validator's sample input, and submissions judged through the API with the validator talking to
// the program in the sandbox.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createProblemFromPackage } from '@verdict/server/internal/modules/problems/upload';
import { GUESS_VALIDATOR, PROGRAMS } from '../judge/interactive-programs.ts';
import { zipOf } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, type TestAccount } from '../helpers/tokens.ts';

const STATEMENT = String.raw`\problemname{Guess}
Guess the number: the judge says \texttt{higher} or \texttt{lower}.
\section*{Interaction}
First read $n$.
`;

describe('interactive problems on the server', function () {
  this.timeout(180_000);
  let server: TestServer;
  let admin: TestAccount;
  let problemId: number;

  before(async () => {
    server = await startTestServer({ JUDGE_WORKERS: '1' });
    admin = await accountWithToken(server, { auth: 1 });
    const zipPath = path.join(server.dataDir, 'guess.zip');
    fs.writeFileSync(
      zipPath,
      await zipOf({
        'guess/problem.yaml': 'validation: custom interactive\nlimits:\n  time_limit: 2\n  memory: 256\n',
        'guess/problem_statement/problem.en.tex': STATEMENT,
        'guess/data/sample/1.in': '10 7\n',
        'guess/data/sample/1.ans': '\n',
        'guess/data/secret/1.in': '1000 1\n',
        'guess/data/secret/1.ans': '\n',
        'guess/data/secret/2.in': '1000 765\n',
        'guess/data/secret/2.ans': '\n',
        'guess/output_validators/guess/validate.cpp': GUESS_VALIDATOR,
      }),
    );
    problemId = (await createProblemFromPackage(server.services, zipPath)).problemId;
  });

  after(async () => {
    await server?.destroy();
  });

  it("shows the statement without the validator's sample input", async () => {
    const row = await server.services.db.selectFrom('problems').select(['title', 'statement']).where('id', '=', problemId).executeTakeFirstOrThrow();
    assert.equal(row.title, 'Guess');
    assert.match(row.statement ?? '', /## Interaction/);
    assert.doesNotMatch(row.statement ?? '', /10 7|Sample Input/);
  });

  it('judges submissions with the validator as interactor: AC and WA', async () => {
    const ac = await admin.api.json('/api/submit', { problemId, language: 'c', code: PROGRAMS.correct });
    assert.equal(ac.code, 0, ac.message);
    assert.equal(ac.data.judgeResult, 'AC', ac.data.compileMessage);
    const wa = await admin.api.json('/api/submit', { problemId, language: 'c', code: PROGRAMS.wrongGuesses });
    assert.equal(wa.data.judgeResult, 'WA', wa.data.compileMessage);
  });
});
