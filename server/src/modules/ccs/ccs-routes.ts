// The ICPC CCS Contest API, version 2023-06, under /api/ccs (docs/ccs-api.md): read-only, plus the
// thaw of a frozen scoreboard. Replies are the API's own JSON objects, not Verdict's envelope;
// failures keep the envelope. Anyone may read (the public view); a Verdict token or HTTP Basic
// credentials of an account give the team's view to a contest's members and everything to
// administrators.
import { z } from 'zod';
import { fail } from '../../common/errors.ts';
import { JsonDocumentReply, fileReply, jsonDocumentReply, route, streamReply, type Method, type RouteDef, type RouteInput } from '../../http/route.ts';
import type { Services } from '../../services.ts';
import { CcsReader, COLLECTIONS, type CcsObject, type CollectionName } from './ccs-collections.ts';
import { accessObject, apiInformation, contestObject } from './ccs-contest.ts';
import { eventFeedReply } from './ccs-event-feed.ts';
import { decodeToken } from './ccs-feed-token.ts';
import { submissionFilesZip } from './ccs-submission-files.ts';
import { patchContest } from './ccs-thaw.ts';
import { anonymousViewer, assertServed, ccsContext, type CcsContext } from './ccs-viewer.ts';

const TAG = 'contest api';
const CONTEST = '/api/ccs/contests/:contestId';

type Input = RouteInput<unknown, unknown>;

/** The contest the path names, as the caller sees it. */
function contextOf({ params, user }: Input, { db, clock, config }: Services): Promise<CcsContext> {
  return ccsContext(db, user, params.contestId, clock.now(), config.ccsAnonymous);
}

/** The contest's reader for an endpoint; 401 for an anonymous visitor the endpoint is not shown to (CCS_ANONYMOUS). */
async function reader(input: Input, services: Services, endpoint: string): Promise<CcsReader> {
  const ctx = await contextOf(input, services);
  assertServed(ctx.viewer, endpoint);
  return new CcsReader(services, ctx);
}

/** A GET of the API: open to all (the public view), with a token or Basic credentials for more. */
function read(path: string, summary: string, handler: (input: Input, services: Services) => Promise<unknown>): RouteDef {
  return route({
    method: 'get',
    path,
    role: 'open',
    basicAuth: true,
    tag: TAG,
    summary,
    reply: jsonDocumentReply(),
    handler: async (input, services) => new JsonDocumentReply(await handler(input, services)),
  });
}

function find(objects: CcsObject[], id: string, what: string): CcsObject {
  const object = objects.find((o) => o.id === id);
  if (!object) throw fail('NOT_FOUND', `No such ${what}: ${id}`);
  return object;
}

const collectionRoutes = COLLECTIONS.flatMap((name: CollectionName) => [
  read(`${CONTEST}/${name}`, `Contest API: the contest's ${name} the caller may see`, async (input, services) => (await reader(input, services, name)).collection(name)),
  read(`${CONTEST}/${name}/:id`, `Contest API: one of the contest's ${name}`, async (input, services) =>
    find(await (await reader(input, services, name)).collection(name), input.params.id, name.replace(/s$/, '')),
  ),
]);

/** Endpoints of the API that Verdict does not serve, each refused with a reason. */
const NOT_SERVED: Record<string, string> = {
  persons: 'Verdict has no persons: a team is one account',
  accounts: 'Verdict does not publish its accounts',
  commentary: 'Verdict writes no commentary',
};

const notServedRoutes = Object.entries(NOT_SERVED).flatMap(([name, why]) =>
  [`${CONTEST}/${name}`, `${CONTEST}/${name}/:id`].map((path) =>
    read(path, `Contest API: ${name} are not served (404)`, async () => {
      throw fail('NOT_FOUND', `Verdict's Contest API does not serve ${name} (optional in 2023-06): ${why}`);
    }),
  ),
);

/** Any other endpoint: 404 (a write to it is refused with 405 below, which would otherwise answer GETs too). */
const unknownRoutes = [`${CONTEST}/:endpoint`, `${CONTEST}/:endpoint/:id`].map((path) =>
  read(path, 'Contest API: any other endpoint is not one (404)', async ({ params }) => {
    throw fail('NOT_FOUND', `The Contest API has no endpoint ${params.endpoint} here (2023-06; see docs/ccs-api.md)`);
  }),
);

/** Writes the API allows but Verdict refuses: 405, naming what is not supported. */
function refusedWrites(path: string, what: string, methods: Method[], hint: string): RouteDef[] {
  return methods.map((method) =>
    route({
      method,
      path,
      role: 'open',
      basicAuth: true,
      tag: TAG,
      summary: `Contest API: ${method.toUpperCase()} is not supported (405)`,
      reply: jsonDocumentReply(),
      handler: async ({ params }) => {
        const target = what.replace(':endpoint', params.endpoint ?? '');
        throw fail('METHOD_NOT_ALLOWED', `${method.toUpperCase()} ${target} is not supported: Verdict's Contest API is read-only (2023-06) but for the thaw. ${hint}`);
      },
    }),
  );
}

const WRITES: Method[] = ['post', 'put', 'patch', 'delete'];
const SUBMIT_HINT = 'Submit through Verdict (POST /api/submit); ask and answer clarifications with /api/clarification/...; manage contests in Verdict.';

export const ccsRoutes: RouteDef[] = [
  read('/api/ccs', 'Contest API: version and provider', async () => apiInformation()),
  read('/api/ccs/contests', 'Contest API: every contest', async ({ user }, { db, config }) => {
    if (!user) anonymousViewer(config.ccsAnonymous);
    const rows = await db.selectFrom('contests').selectAll().orderBy('id').execute();
    return rows.map(contestObject);
  }),
  read(CONTEST, 'Contest API: one contest', async (input, services) => contestObject((await contextOf(input, services)).contest)),
  route({
    method: 'patch',
    path: CONTEST,
    role: 'admin',
    basicAuth: true,
    tag: TAG,
    summary: 'Contest API: thaw the frozen scoreboard now (capability contest_thaw; administrators)',
    encoding: 'json',
    // Loose: ccs-thaw.ts words the refusal of anything else it holds.
    body: z
      .object({
        id: z.string({ error: "id must be the contest's id as text" }).optional(),
        scoreboard_thaw_time: z.string({ error: 'scoreboard_thaw_time must be a time as text' }).optional().meta({ description: 'when to thaw: now, or a time already past' }),
      })
      .catchall(z.unknown()),
    reply: jsonDocumentReply(),
    handler: async (input, services) => new JsonDocumentReply(await patchContest(services.db, await contextOf(input, services), input.body)),
  }),
  read(`${CONTEST}/state`, "Contest API: the contest's state", async (input, services) => (await reader(input, services, 'state')).state()),
  read(`${CONTEST}/access`, 'Contest API: what the caller may do and read', async (input, services) => accessObject(await contextOf(input, services))),
  read(`${CONTEST}/scoreboard`, 'Contest API: the scoreboard (frozen for all but administrators while frozen)', async (input, services) => (await reader(input, services, 'scoreboard')).scoreboard()),
  route({
    method: 'get',
    path: `${CONTEST}/event-feed`,
    role: 'open',
    basicAuth: true,
    tag: TAG,
    summary: 'Contest API: the event feed (NDJSON): every object, then each change; since_token resumes; a newline keeps it alive',
    query: z.object({
      since_token: z.string().max(100).optional().meta({ description: 'the token of the last notification received: resume after it' }),
      stream: z.enum(['true', 'false'], { error: 'stream must be true or false' }).optional().meta({ description: 'false: send what there is now and end (Verdict extension)' }),
      since_id: z.string().optional().meta({ description: 'refused (400): the API before 2023-06 resumed by event id; use since_token' }),
    }),
    reply: streamReply('application/x-ndjson'),
    handler: async (input, services) => {
      if (input.query.since_id !== undefined) throw fail('VALIDATION', 'since_id is not supported (the Contest API before 2023-06): resume with since_token, the token of the last notification received');
      const since = input.query.since_token === undefined ? null : decodeToken(input.query.since_token);
      const ctx = await contextOf(input, services);
      const { user, token, ip } = input;
      const { limits, guard } = services.streams;
      const release = limits.admit('feed', { userId: user?.id ?? null, ip });
      return eventFeedReply(services.ccsFeeds, ctx, { since, stream: input.query.stream !== 'false' }, services.config.ccsFeed, async (out) => {
        out.onClose(release);
        if (user) await guard.watch(user, token, out);
      });
    },
  }),
  route({
    method: 'get',
    path: `${CONTEST}/submissions/:id/files`,
    role: 'open',
    basicAuth: true,
    tag: TAG,
    summary: "Contest API: a submission's source files as a zip (administrators and the team that submitted)",
    reply: fileReply('application/zip'),
    handler: async (input, services) => submissionFilesZip(services.db, await contextOf(input, services), input.params.id),
  }),
  ...collectionRoutes,
  ...notServedRoutes,
  ...unknownRoutes,
  ...refusedWrites('/api/ccs/contests', 'on contests', ['post', 'put', 'delete'], 'Create contests in Verdict (POST /api/contest/add).'),
  ...refusedWrites(CONTEST, 'on a contest', ['post', 'put', 'delete'], 'Only PATCH with scoreboard_thaw_time (the thaw) is supported here.'),
  ...refusedWrites(`${CONTEST}/:endpoint`, 'to :endpoint', WRITES, SUBMIT_HINT),
  ...refusedWrites(`${CONTEST}/:endpoint/:id`, 'to :endpoint', WRITES, SUBMIT_HINT),
];
