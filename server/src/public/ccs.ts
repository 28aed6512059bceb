// The Contest API's package reading as the CLI uses it (verdict contest import).
export { PackageError, readContestPackage, type PackagePlan } from '../modules/ccs/index.ts';
