#!/usr/bin/env node
// `npm run audit`: npm audit of the whole tree (runtime and dev), failing on any high or
// critical advisory that docs/security.md does not list as an exception with its reason.
// Exceptions are the GHSA ids of the rows of kind `exception` in the audit exceptions table of
// docs/security.md.
// Where the registry does not answer audit requests (some mirrors, closed networks) it says
// so and exits 0 unless AUDIT_REQUIRED=1: an unreachable service is not a finding.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEVERE = new Set(['high', 'critical']);

const securityDoc = fs.readFileSync(path.join(root, 'docs/security.md'), 'utf8');
const exceptions = new Set(
  [...securityDoc.matchAll(/^\|\s*exception\s*\|\s*(GHSA-[0-9a-z-]+)/gim)].map((m) =>
    m[1].toLowerCase(),
  ),
);

const run = spawnSync('npm', ['audit', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}
if (!report?.vulnerabilities) {
  const why = report?.message ?? report?.error?.summary ?? (run.stderr.trim().split('\n').pop() || 'no reply');
  console.warn(`npm audit could not reach the advisory service: ${why}`);
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}

const findings = [];
for (const [name, vuln] of Object.entries(report.vulnerabilities)) {
  for (const via of vuln.via ?? []) {
    if (typeof via !== 'object' || !SEVERE.has(via.severity)) continue;
    const id = String(via.url ?? '').split('/').pop()?.toLowerCase() ?? '';
    findings.push({ name, id, severity: via.severity, title: via.title, range: via.range, excepted: exceptions.has(id) });
  }
}
for (const f of findings) {
  console.log(`${f.excepted ? 'excepted' : 'FOUND'}  ${f.severity}  ${f.name} ${f.range}  ${f.id}  ${f.title}`);
}
const open = findings.filter((f) => !f.excepted);
const counts = report.metadata?.vulnerabilities ?? {};
console.log(`npm audit: ${JSON.stringify(counts)}; high/critical not excepted: ${open.length}`);
process.exit(open.length ? 1 : 0);
