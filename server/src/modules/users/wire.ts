// The wire shapes of the users module's own replies, declared once: the route tables reply with
// these schemas (OpenAPI and the generated client come from them), the services return their
// inferred types. The user itself is common/wire.ts's wireUserReply (@verdict/shared's WireUser).
import { z } from 'zod';

/** What setting affiliations by username did: the names set, and those of no account. */
export const affiliationOutcome = z.object({ updated: z.array(z.string()), unknown: z.array(z.string()) });
export type AffiliationOutcome = z.infer<typeof affiliationOutcome>;
