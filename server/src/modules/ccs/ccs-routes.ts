// The ICPC CCS Contest API under /api/ccs (docs/ccs-api.md): release 2026-01 at /api/ccs and
// 2023-06 at /api/ccs/2023-06, the same routes from one model written by each release's
// serializer (ccs-versions.ts). Read-only, but for the thaw of a frozen scoreboard and (2026-01,
// post_clar) a team's question. Replies are the API's own JSON objects, not Verdict's envelope;
// failures keep the envelope. Anyone may read (the public view); a Verdict token or HTTP Basic
// credentials of an account give the team's view to a contest's members and everything to
// administrators.
import { z } from 'zod';
import { fail } from '../../common/errors.ts';
import { JsonDocumentReply, fileReply, jsonDocumentReply, route, streamReply, type Method, type RouteDef, type RouteInput } from '../../http/route.ts';
import type { Services } from '../../services.ts';
import { CcsReader, COLLECTIONS, REST_ONLY_COLLECTIONS, type CcsObject, type CollectionName } from './ccs-collections.ts';
import { postClarification } from './ccs-post-clar.ts';
import { accessObject, contestObject } from './ccs-contest.ts';
import { eventFeedReply } from './ccs-event-feed.ts';
import { decodeToken } from './ccs-feed-token.ts';
import { submissionFilesZip } from './ccs-submission-files.ts';
import { patchContest } from './ccs-thaw.ts';
import { apiInformation, serialize, type CcsVersion, type VersionedContext } from './ccs-versions.ts';
import { anonymousViewer, assertServed, ccsContext } from './ccs-viewer.ts';

const TAG = 'contest api';
type Input = RouteInput<unknown, unknown>;

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

/** Endpoints of the API that Verdict does not serve, each refused with a reason. */
const NOT_SERVED: Record<string, string> = {
  commentary: 'Verdict writes no commentary',
};

/** Writes the API allows but Verdict refuses: 405, naming what is not supported. */
function refusedWrites(path: string, what: string, methods: Method[], hint: string, version: CcsVersion): RouteDef[] {
  return methods.map((method) =>
    route({
      method,
      path,
      role: 'open',
      basicAuth: true,
      tag: TAG,
      summary: `Contest API ${version}: ${method.toUpperCase()} is not supported (405)`,
      reply: jsonDocumentReply(),
      handler: async ({ params }) => {
        const target = what.replace(':endpoint', params.endpoint ?? '');
        throw fail('METHOD_NOT_ALLOWED', `${method.toUpperCase()} ${target} is not supported: Verdict's Contest API (${version}) is read-only but for the thaw${version === '2023-06' ? '' : ' and teams\' clarifications'}. ${hint}`);
      },
    }),
  );
}

const WRITES: Method[] = ['post', 'put', 'patch', 'delete'];
const SUBMIT_HINT = 'Submit through Verdict (POST /api/submit); ask and answer clarifications with /api/clarification/...; manage contests in Verdict.';

/** Every route of one release of the API under `base`. */
function versionRoutes(base: string, version: CcsVersion): RouteDef[] {
  const CONTEST = `${base}/contests/:contestId`;
  const label = `Contest API ${version}`;

  /** The contest the path names, as the caller sees it, in this release. */
  const contextOf = async ({ params, user }: Input, { db, clock, config }: Services): Promise<VersionedContext> => ({
    ...(await ccsContext(db, user, params.contestId, clock.now(), config.ccsAnonymous)),
    version,
  });
  /** The contest's reader for an endpoint; 401 for an anonymous visitor the endpoint is not shown to (CCS_ANONYMOUS). */
  const reader = async (input: Input, services: Services, endpoint: string) => {
    const ctx = await contextOf(input, services);
    assertServed(ctx.viewer, endpoint);
    return new CcsReader(services, ctx);
  };

  const collectionRoutes = [...COLLECTIONS, ...REST_ONLY_COLLECTIONS].flatMap((name: CollectionName) => [
    read(`${CONTEST}/${name}`, `${label}: the contest's ${name} the caller may see`, async (input, services) => (await reader(input, services, name)).collection(name)),
    read(`${CONTEST}/${name}/:id`, `${label}: one of the contest's ${name}`, async (input, services) =>
      find(await (await reader(input, services, name)).collection(name), input.params.id, name.replace(/s$/, '')),
    ),
  ]);

  const notServedRoutes = Object.entries(NOT_SERVED).flatMap(([name, why]) =>
    [`${CONTEST}/${name}`, `${CONTEST}/${name}/:id`].map((path) =>
      read(path, `${label}: ${name} is not served (404)`, async () => {
        throw fail('NOT_FOUND', `Verdict's Contest API does not serve ${name} (optional in ${version}): ${why}`);
      }),
    ),
  );

  /** Any other endpoint: 404 (a write to it is refused with 405 below, which would otherwise answer GETs too). */
  const unknownRoutes = [`${CONTEST}/:endpoint`, `${CONTEST}/:endpoint/:id`].map((path) =>
    read(path, `${label}: any other endpoint is not one (404)`, async ({ params }) => {
      throw fail('NOT_FOUND', `The Contest API has no endpoint ${params.endpoint} here (${version}; see docs/ccs-api.md)`);
    }),
  );

  return [
    read(base, `${label}: version and provider`, async () => apiInformation(version)),
    read(`${base}/contests`, `${label}: every contest`, async ({ user }, { db, config }) => {
      if (!user) anonymousViewer(config.ccsAnonymous);
      const rows = await db.selectFrom('contests').selectAll().orderBy('id').execute();
      return rows.map((row) => serialize(version, 'contest', contestObject(row)));
    }),
    read(CONTEST, `${label}: one contest`, async (input, services) => (await reader(input, services, 'contest')).contest()),
    route({
      method: 'patch',
      path: CONTEST,
      role: 'admin',
      basicAuth: true,
      tag: TAG,
      summary: `${label}: thaw the frozen scoreboard now (capability contest_thaw; administrators)`,
      encoding: 'json',
      // Loose: ccs-thaw.ts words the refusal of anything else it holds.
      body: z
        .object({
          id: z.string({ error: "id must be the contest's id as text" }).optional(),
          scoreboard_thaw_time: z.string({ error: 'scoreboard_thaw_time must be a time as text' }).optional().meta({ description: 'when to thaw: now, or a time already past' }),
        })
        .catchall(z.unknown()),
      reply: jsonDocumentReply(),
      handler: async (input, services) => new JsonDocumentReply(serialize(version, 'contest', await patchContest(services.db, await contextOf(input, services), input.body))),
    }),
    read(`${CONTEST}/state`, `${label}: the contest's state`, async (input, services) => (await reader(input, services, 'state')).state()),
    read(`${CONTEST}/access`, `${label}: what the caller may do and read`, async (input, services) => accessObject(await contextOf(input, services))),
    read(`${CONTEST}/scoreboard`, `${label}: the scoreboard (frozen for all but administrators while frozen)`, async (input, services) => (await reader(input, services, 'scoreboard')).scoreboard()),
    read(`${CONTEST}/account`, `${label}: the caller's own account (a contest's team)`, async (input, services) => {
      const [account] = await (await reader(input, services, 'account')).collection('accounts');
      if (!account || input.user === null || String(input.user.id) !== account.id) throw fail('NOT_FOUND', "The caller has no account in this contest: only a contest's teams have one (administrators read accounts)");
      return account;
    }),
    route({
      method: 'get',
      path: `${CONTEST}/event-feed`,
      role: 'open',
      basicAuth: true,
      tag: TAG,
      summary: `${label}: the event feed (NDJSON): every object, then each change; since_token resumes; a newline keeps it alive`,
      query: z.object({
        since_token: z.string().max(100).optional().meta({ description: 'the token of the last notification received: resume after it' }),
        since_id: z.string().max(100).optional().meta({ description: 'refused (400): the name of since_token before the 2022-07 API' }),
        stream: z.enum(['true', 'false'], { error: 'stream must be true or false' }).optional().meta({ description: 'false: send what there is now and end (Verdict extension)' }),
      }),
      reply: streamReply('application/x-ndjson'),
      handler: async (input, services) => {
        if (input.query.since_id !== undefined) throw fail('VALIDATION', 'since_id is not a parameter of the 2023-06 or 2026-01 event feed: resume with since_token (the token of the last notification)');
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
      summary: `${label}: a submission's source files as a zip (administrators and the team that submitted)`,
      reply: fileReply('application/zip'),
      handler: async (input, services) => submissionFilesZip(services.db, await contextOf(input, services), input.params.id),
    }),
    ...(version === '2023-06'
      ? []
      : [
          route({
            method: 'post',
            path: `${CONTEST}/clarifications`,
            role: 'user',
            basicAuth: true,
            tag: TAG,
            summary: `${label}: a team asks the judges (capability post_clar): {text, problem_id?}; answers the clarification`,
            encoding: 'json',
            // Loose: ccs-post-clar.ts words the refusal of what a team may not set; the known
            // properties are named so that the API's description (and its attack sweep) has them.
            body: z
              .object({
                text: z.string().optional().meta({ description: 'The question (a string)' }),
                problem_id: z.string().nullable().optional().meta({ description: 'The problem asked about, or null for a general question' }),
                from_team_id: z.string().nullable().optional().meta({ description: "The caller's own team, or left out" }),
                reply_to_id: z.string().nullable().optional().meta({ description: 'Must be null or left out: a team asks, never replies' }),
              })
              .catchall(z.unknown()),
            reply: jsonDocumentReply(),
            handler: async (input, services) => new JsonDocumentReply(await postClarification(services, await contextOf(input, services), input.user!, input.body), 201),
          }),
        ]),
    ...collectionRoutes,
    ...notServedRoutes,
    ...unknownRoutes,
    ...refusedWrites(`${base}/contests`, 'on contests', ['post', 'put', 'delete'], 'Create contests in Verdict (POST /api/contest/add).', version),
    ...refusedWrites(CONTEST, 'on a contest', ['post', 'put', 'delete'], 'Only PATCH with scoreboard_thaw_time (the thaw) is supported here.', version),
    ...refusedWrites(`${CONTEST}/:endpoint`, 'to :endpoint', WRITES, SUBMIT_HINT, version),
    ...refusedWrites(`${CONTEST}/:endpoint/:id`, 'to :endpoint', WRITES, SUBMIT_HINT, version),
  ];
}

/** 2023-06 first: its paths are more specific than 2026-01's /api/ccs/:something. */
export const ccsRoutes: RouteDef[] = [...versionRoutes('/api/ccs/2023-06', '2023-06'), ...versionRoutes('/api/ccs', '2026-01')];
