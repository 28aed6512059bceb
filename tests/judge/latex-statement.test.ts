// Kattis LaTeX statements read as Markdown (the problemtools class's subset), samples appended.
import assert from 'node:assert/strict';
import { latexToMarkdown } from '../../packages/judge/src/package/latex-statement.ts';
import { loadProblemPackage } from '@verdict/judge';
import { removeTempDirs, writeTree } from './helpers.ts';

const STATEMENT = String.raw`\problemname{Hello World!}

% a comment that must not show, and 50\% that must
\illustration{0.3}{hello.jpg}{A friendly greeting}
Write a program that prints QQHello World!''---nothing \emph{more}, nothing \textbf{less}; 50\% of
programmers get it right. Given $n$ ($1 \le n \le 10^{9}$) and \texttt{x_1}, print
\[ \sum_{i=1}^{n} x_i \]
\section*{Input}
The input consists of:
\begin{itemize}
  \item one line with an integer $n$;
  \item one line with a word~$w$.
\end{itemize}
\section*{Output}
Output \verb|Hello World!|, then:
\begin{verbatim}
  literally *this*
\end{verbatim}
\begin{tabular}{|l|r|}
\hline
a & b \\
1 & 2 \\
\hline
\end{tabular}
`.replaceAll('QQ', '``');

describe('LaTeX statements', function () {
  after(removeTempDirs);

  it('converts sections, lists, emphasis, maths, verbatim and tables, dropping comments', function () {
    const md = latexToMarkdown(STATEMENT, [{ name: 'sample/1', input: '3\nabc\n', output: 'Hello World!\n' }]);
    assert.doesNotMatch(md, /problemname|comment that must not|\\section|\\begin|\\item/);
    assert.match(md, /50% of\nprogrammers/);
    assert.match(md, /"Hello World!"—nothing \*more\*, nothing \*\*less\*\*/);
    assert.match(md, /\$1 \\le n \\le 10\^\{9\}\$/);
    assert.match(md, /`x_1`/);
    assert.match(md, /\$\$\\sum_\{i=1\}\^\{n\} x_i\$\$/);
    assert.match(md, /## Input\n\nThe input consists of:\n\n?- one line with an integer \$n\$;\n\n?- one line with a word\u00a0\$w\$\./);
    assert.match(md, /## Output/);
    assert.match(md, /`Hello World!`/);
    assert.match(md, /```\n {2}literally \*this\*\n```/);
    assert.match(md, /\| a \| b \|\n\| --- \| --- \|\n\| 1 \| 2 \|/);
    assert.match(md, /\*\(Figure: hello\.jpg — A friendly greeting\)\*/);
    assert.match(md, /## Sample Input\n\n```\n3\nabc\n```\n\n## Sample Output\n\n```\nHello World!\n```/);
  });

  it('makes the statement of a package that has only LaTeX, without the samples of an interactive one', async function () {
    const files = { 'data/sample/1.in': '7\n', 'data/sample/1.ans': 'Hello World!\n', 'data/secret/1.in': '1\n', 'data/secret/1.ans': 'x\n', 'problem_statement/problem.en.tex': STATEMENT };
    const problem = await loadProblemPackage(writeTree({ 'problem.yaml': 'source: Somewhere\n', ...files }));
    assert.equal(problem.name, 'Hello World!');
    assert.match(problem.statement.markdown!, /## Input/);
    assert.match(problem.statement.markdown!, /## Sample Input\n\n```\n7\n```/);
    const interactive = await loadProblemPackage(writeTree({ 'problem.yaml': 'validation: custom interactive\n', 'output_validators/v/v.py': '', ...files }));
    assert.doesNotMatch(interactive.statement.markdown!, /Sample Input/);
  });

  it('is linear on hostile input', function () {
    const started = performance.now();
    latexToMarkdown(`${'\\emph{'.repeat(20_000)}${'$'.repeat(50_001)}${'\\begin{itemize}'.repeat(5000)}`);
    assert.ok(performance.now() - started < 3000);
  });
});
