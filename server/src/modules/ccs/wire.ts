// The reply shapes of the ccs module's own routes beside the Contest API (ccs-admin-routes.ts):
// declared once, here; the services return their z.infer types. (The Contest API's objects
// follow the ICPC schemas, checked by check-api.sh: ccs-format.ts and the collections.)
import { z } from 'zod';

export const teamGroupsOutcome = z.object({
  updated: z.array(z.string()),
  /** Usernames that are not members of the contest. */
  unknown: z.array(z.string()).describe('Usernames that are not members of the contest'),
});
export type TeamGroupsOutcome = z.infer<typeof teamGroupsOutcome>;
