// FPS (FreeProblemSet XML) imported as Verdict packages (issue 34, item 1): limits in their units,
// tests and samples, the statement with its images, solutions, one package per problem, and the
// special judge refused by name. Documents of our own making, in the shapes HUSTOJ exports.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importProblem, loadProblemPackage, PackageError } from '@verdict/judge';
import { removeTempDirs, tempDir, writeTree } from './helpers.ts';
import { writeZip } from './zip-builder.ts';

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

function item(title: string, more = ''): string {
  return `<item>
<title><![CDATA[${title}]]></title>
<time_limit unit="ms"><![CDATA[1500]]></time_limit>
<memory_limit unit="kb"><![CDATA[131072]]></memory_limit>
<description><![CDATA[<p>Add two numbers. <img src="/upload/pic.png"/></p>]]></description>
<input><![CDATA[<p>Two integers a &lt; b.</p>]]></input>
<output><![CDATA[Their sum.]]></output>
<sample_input><![CDATA[1 2
]]></sample_input>
<sample_output><![CDATA[3
]]></sample_output>
<test_input><![CDATA[5 6
]]></test_input>
<test_output><![CDATA[11
]]></test_output>
<test_input><![CDATA[7 8
]]></test_input>
<test_output><![CDATA[15
]]></test_output>
<hint><![CDATA[]]></hint>
<source><![CDATA[HUSTOJ]]></source>
<solution language="C++"><![CDATA[#include <cstdio>
int main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b); }
]]></solution>
<solution language="Fortran77"><![CDATA[x]]></solution>
<img><src><![CDATA[/upload/pic.png]]></src><base64><![CDATA[${PNG.toString('base64')}]]></base64></img>
${more}
</item>`;
}

const fps = (...items: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<fps version="1.2" url="https://github.com/zhblue/freeproblemset/">\n<generator name="HUSTOJ" url="https://github.com/zhblue/hustoj/"/>\n${items.join('\n')}\n</fps>\n`;

describe('FPS import', function () {
  after(removeTempDirs);

  it('writes one problem: limits in their units, samples and tests, the statement with its image, the solutions it can judge', async function () {
    const file = path.join(writeTree({ 'a.xml': fps(item('A + B')) }), 'a.xml');
    const out = path.join(tempDir(), 'fps');
    const result = await importProblem(file, out);
    assert.deepEqual([result.format, result.name, result.tests, result.submissions], ['fps', 'A + B', 3, 1]);
    assert.ok(result.notes.some((n) => /Fortran77 is left out/.test(n)));
    const problem = await loadProblemPackage(out);
    assert.deepEqual([problem.name, problem.timeLimitMs, problem.memoryLimitMb], ['A + B', 1500, 128]);
    assert.deepEqual(problem.tests.map((t) => [t.name, readFileSync(t.input, 'utf8')]), [['sample/01', '1 2\n'], ['secret/01', '5 6\n'], ['secret/02', '7 8\n']]);
    assert.match(problem.statement.markdown ?? '', /Add two numbers\. <img src="image-1\.png"\/>[\s\S]*## Input\n\n<p>Two integers a &lt; b\.<\/p>[\s\S]*## Output/);
    assert.deepEqual(readFileSync(path.join(out, 'problem_statement/image-1.png')), PNG);
    assert.equal(path.relative(out, problem.submissions[0].path), 'submissions/accepted/solution.cpp');
  });

  it('writes one package per problem of a document of several, from a zip too', async function () {
    const zip = path.join(tempDir(), 'set.zip');
    writeZip(zip, [{ name: 'export.xml', data: fps(item('First'), item('Second')) }]);
    const out = path.join(tempDir(), 'set');
    const result = await importProblem(zip, out);
    assert.deepEqual([result.name, result.tests], ['2 problems', 6]);
    assert.equal((await loadProblemPackage(path.join(out, '01-first'))).name, 'First');
    assert.equal((await loadProblemPackage(path.join(out, '02-second'))).name, 'Second');
  });

  it('refuses a special judge by name, and what is not FPS, leaving nothing behind', async function () {
    const refused = async (content: string, message: RegExp) => {
      const out = path.join(tempDir(), 'refused');
      await assert.rejects(importProblem(path.join(writeTree({ 'p.xml': content }), 'p.xml'), out, { format: 'fps' }), (err: Error) => err instanceof PackageError && message.test(err.message));
      assert.ok(!existsSync(out));
    };
    await refused(fps(item('S', '<spj language="C"><![CDATA[int main() { return 0; }]]></spj>')), /S: a special judge \(<spj>, HUSTOJ's protocol/);
    await refused(fps(item('T').replace(/<test_output>[\s\S]*?<\/test_output>/, '')), /T: 2 <test_input> but 1 <test_output>/);
    await refused(fps(item('L').replace('1500', 'soon')), /L: <time_limit> is not a number/);
    await refused('<?xml version="1.0"?><fps><item>', /p\.xml is not valid XML .*<item> is not closed/);
  });
});
