// The Contest API's package reading as the CLI uses it (verdict contest import).
export { PackageError, readContestPackage, type PackagePlan } from '../modules/ccs/ccs-package-read.ts';
export { withProblemFields, type ProblemFields } from '../modules/ccs/ccs-problem-fields.ts';
