// The ccs module's entry: what the rest of the server may use of it. Other modules, http/,
// the composition root (services.ts, server.ts) and public/ import only this file.
export { CcsFeeds } from './ccs-feed-hub.ts';
export { judgementTypeOf } from './ccs-format.ts';
export { PackageError, type PackagePlan, readContestPackage } from './ccs-package-read.ts';
export { contestProblemRows } from './ccs-problems.ts';
