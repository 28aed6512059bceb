// `verdict doctor`: run every check in doctorChecks and say how to fix what is missing.
import { closeDoctorJudges, doctorChecks, type DoctorFinding } from '../doctor-checks.ts';
import { printJson, printTable } from '../output.ts';

export default async function doctor(flags: { json?: boolean }): Promise<number> {
  const findings: (DoctorFinding & { check: string })[] = [];
  for (const check of doctorChecks) {
    try {
      for (const finding of await check.run()) findings.push({ check: check.name, ...finding });
    } catch (err) {
      findings.push({ check: check.name, item: check.name, status: 'fail', detail: `the check itself failed: ${(err as Error).message}` });
    }
  }
  await closeDoctorJudges();
  const ok = findings.every((f) => f.status !== 'fail');
  if (flags.json) {
    printJson({ ok, findings });
  } else {
    printTable(
      ['Check', 'Status', 'Detail'],
      findings.map((f) => [f.item, f.status.toUpperCase(), f.detail]),
      [26, 8, 90],
    );
    const fixes = findings.filter((f) => f.status !== 'ok' && f.fix);
    if (fixes.length) {
      console.log('\nTo fix:');
      for (const f of fixes) console.log(`  ${f.item}: ${f.fix}`);
    }
  }
  return ok ? 0 : 1;
}
