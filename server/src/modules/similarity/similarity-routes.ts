// Similarity checking (issue 31): administrators only. Start an analysis of a contest (or one of
// its problems), follow it, read its pairs and clusters, one pair side by side, the CSV.
import { z } from 'zod';
import { FileReply } from '../../common/files.ts';
import { fileReply, route } from '../../http/route.ts';
import { idField, intField } from '../../http/fields.ts';
import { BASE_FILE_MAX, listSimilarityRuns, similarityCsv, similarityPair, similarityPairs, similarityRun, startSimilarityRun } from './similarity.ts';

const TAG = 'admin similarity';
const time = z.string().meta({ description: 'yyyy-MM-dd HH:mm:ss, Asia/Shanghai' });
const optionalId = (name: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), idField(name).optional()).meta({ type: 'integer', minimum: 1 });

const run = z.object({
  runId: z.number().int(),
  contestId: z.number().int(),
  problemId: z.number().int().nullable().meta({ description: 'the one problem analysed, or null: every problem of the contest' }),
  selection: z.enum(['last', 'accepted']).meta({ description: "each contestant's last submission per problem, or last accepted one" }),
  status: z.enum(['running', 'done', 'failed']),
  totalSources: z.number().int(),
  doneSources: z.number().int().meta({ description: 'sources read so far' }),
  progress: z.number().meta({ description: '0..1' }),
  message: z.string().nullable().meta({ description: 'why it failed' }),
  hasBaseFile: z.boolean(),
  createdAt: time,
  finishedAt: time.nullable(),
});

const side = z.object({
  userId: z.number().int(),
  username: z.string(),
  submissionId: z.number().int().meta({ description: 'the submission analysed' }),
  submissions: z.number().int().meta({ description: "the contestant's submissions on the problem in the contest" }),
  language: z.string(),
  lexer: z.string().meta({ description: "c-family, python, or generic (the language has no lexer: a normalised token comparison only)" }),
});

const pair = z.object({
  pairId: z.number().int(),
  problemId: z.number().int(),
  letter: z.string(),
  userA: side,
  userB: side,
  similarity: z.number().meta({ description: '0..1: the share of both sources\' fingerprints the other has too' }),
  longestFragment: z.number().int().meta({ description: 'tokens in the longest shared fragment' }),
  fallback: z.boolean().meta({ description: 'either source was read by the generic lexer' }),
});

const place = z.object({ start: z.number().int(), end: z.number().int(), startLine: z.number().int(), endLine: z.number().int() });
const fragment = z.object({ tokens: z.number().int(), a: place.meta({ description: "offsets [start, end) in sourceA's characters" }), b: place });

export const similarityRoutes = [
  route({
    method: 'post',
    path: '/api/admin/similarity/run',
    role: 'admin',
    tag: TAG,
    summary: "Start a similarity analysis of a contest's sources (or one problem's), off the request path; the templates and an optional base file do not count as shared",
    encoding: 'json',
    body: z
      .object({
        contestId: idField('contestId'),
        problemId: optionalId('problemId'),
        selection: z.enum(['last', 'accepted'], "selection must be 'last' or 'accepted'").optional(),
        baseFile: z.string().max(BASE_FILE_MAX, `the base file must be at most ${BASE_FILE_MAX} characters`).optional(),
      })
      .strict(),
    reply: run,
    handler: ({ body, user }, { db, similarity, clock }) => startSimilarityRun(db, similarity, user!.id, body, clock.now()),
  }),
  route({
    method: 'get',
    path: '/api/admin/similarity/runs',
    role: 'admin',
    tag: TAG,
    summary: "A contest's similarity runs, the newest first, with their progress",
    query: z.object({ contestId: idField('contestId') }).strict(),
    reply: z.array(run),
    handler: ({ query }, { db }) => listSimilarityRuns(db, query.contestId),
  }),
  route({
    method: 'get',
    path: '/api/admin/similarity/run',
    role: 'admin',
    tag: TAG,
    summary: 'One similarity run: progress, sources per problem (and those read by the generic lexer), clusters of more than two',
    query: z.object({ runId: idField('runId') }).strict(),
    reply: run.extend({
      problems: z.array(
        z.object({
          problemId: z.number().int(),
          letter: z.string(),
          title: z.string(),
          sources: z.number().int(),
          fallbackSources: z.number().int().meta({ description: 'sources in a language without a lexer: compared as normalised generic tokens' }),
          fallbackLanguages: z.array(z.string()),
        }),
      ),
      clusters: z.array(z.object({ problemId: z.number().int(), letter: z.string(), users: z.array(z.object({ userId: z.number().int(), username: z.string() })) })),
    }),
    handler: ({ query }, { db }) => similarityRun(db, query.runId),
  }),
  route({
    method: 'get',
    path: '/api/admin/similarity/pairs',
    role: 'admin',
    tag: TAG,
    summary: "A run's pairs of contestants per problem, the most similar first (the 500 most similar of each problem are kept)",
    query: z
      .object({
        runId: idField('runId'),
        problemId: optionalId('problemId'),
        page: intField('page must be a positive integer', 1, 1_000_000).optional(),
        pageSize: intField('pageSize must be between 1 and 500', 1, 500).optional(),
      })
      .strict(),
    reply: z.object({ total: z.number().int(), items: z.array(pair) }),
    handler: ({ query }, { db }) => similarityPairs(db, { runId: query.runId, problemId: query.problemId, page: query.page ?? 1, pageSize: query.pageSize ?? 50 }),
  }),
  route({
    method: 'get',
    path: '/api/admin/similarity/pair',
    role: 'admin',
    tag: TAG,
    summary: 'One pair side by side: both sources and the shared fragments, longest first',
    query: z.object({ pairId: idField('pairId') }).strict(),
    reply: pair.extend({ sourceA: z.string(), sourceB: z.string(), fragments: z.array(fragment) }),
    handler: ({ query }, { db }) => similarityPair(db, query.pairId),
  }),
  route({
    method: 'get',
    path: '/api/admin/similarity/csv',
    role: 'admin',
    tag: TAG,
    summary: "A run's pairs as CSV, the most similar first",
    query: z.object({ runId: idField('runId') }).strict(),
    reply: fileReply('text/csv'),
    handler: async ({ query }, { db }) => new FileReply(Buffer.from(await similarityCsv(db, query.runId)), 'text/csv; charset=utf-8', `similarity-run-${query.runId}.csv`),
  }),
];
