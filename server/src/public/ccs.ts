// The Contest API as the CLI uses it: the endpoints a Contest Package holds (verdict contest
// export) and the package reader (verdict contest import).
import { COLLECTIONS, REST_ONLY_COLLECTIONS } from '../modules/ccs/ccs-collections.ts';

export { PackageError, readContestPackage, type PackagePlan } from '../modules/ccs/ccs-package-read.ts';

/** The endpoints of a contest a package holds as <endpoint>.json, besides contest.json and api.json. */
export const PACKAGE_ENDPOINTS: readonly string[] = [...COLLECTIONS, ...REST_ONLY_COLLECTIONS, 'state', 'scoreboard'];
