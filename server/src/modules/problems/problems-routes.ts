// Problems: admin management (spec §7 Admin/Problems, §5 problem rules) and the reads of
// the problem page (findByTitle2, statement), which contest members may use too.
import { z } from 'zod';
import { colorNameProblem, normalizeHexColor, PROBLEM_COLOR_LIMITS, PROBLEM_COLOR_MESSAGES } from '@verdict/shared';
import { route } from '../../http/route.ts';
import { idField, idListBody, intField, optionalIntQuery, optionalTextQuery, textField, titleField } from '../../http/fields.ts';
import {
  addProblem,
  deleteProblems,
  listProblems,
  listProblemsOutsideContest,
  readProblem,
  readProblemByTitle,
  updateProblem,
} from './problems.ts';
import { problemDetail, wireProblem } from './wire.ts';

/** Absent: unchanged (undefined); null or blank: none (null); otherwise `#rgb`/`#rrggbb`, kept as `#rrggbb`. */
const colorField = z
  .string({ error: PROBLEM_COLOR_MESSAGES.badColor })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || value.trim() === '') return null;
    const hex = normalizeHexColor(value);
    if (!hex) {
      ctx.addIssue({ code: 'custom', message: PROBLEM_COLOR_MESSAGES.badColor });
      return z.NEVER;
    }
    return hex;
  })
  .meta({ type: ['string', 'null'], pattern: '^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6})?$', description: 'balloon colour #rrggbb (or #rgb); empty or null removes it; absent leaves it' });

/** Absent: unchanged; null or blank: none; otherwise one line of at most PROBLEM_COLOR_LIMITS.nameMax characters, trimmed. */
const colorNameField = z
  .string({ error: PROBLEM_COLOR_MESSAGES.nameNotText })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const name = value?.trim() ?? '';
    if (name === '') return null;
    const problem = colorNameProblem(name);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return name;
  })
  .meta({ type: ['string', 'null'], maxLength: PROBLEM_COLOR_LIMITS.nameMax, description: "the colour's name, e.g. red; needs a colour; empty or null removes it" });

const problemFields = {
  title: titleField('Please input the Title', 50, 'The length of Title should be 1-50'),
  memoryLimit: intField('The length of Memory should be 0-524288', 0, 524288),
  timeLimit: intField('The length of Time should be 0-10000', 0, 10000),
  statement: z.string({ error: 'statement must be text' }).max(200_000, 'The statement is too long').optional(),
  color: colorField,
  colorName: colorNameField,
  languageFactors: z
    .boolean({ error: 'languageFactors must be true, false or null' })
    .nullable()
    .optional()
    .meta({ description: "Scale the limits by each language's time and memory factors: null follows the package's format (Kattis and DOMjudge packages: no); absent leaves it" }),
};

const optionalContestId = idField('contestId').optional();

export const problemRoutes = [
  route({
    method: 'get',
    path: '/api/admin/problem/list',
    role: 'admin',
    tag: 'admin problems',
    summary: 'Problems, ascending by id; id exact, title substring',
    query: z.object({ id: optionalIntQuery('ID must be a number'), title: optionalTextQuery(50) }).strict(),
    reply: z.array(wireProblem),
    handler: ({ query }, { db }) => listProblems(db, query),
  }),
  route({
    method: 'post',
    path: '/api/admin/problem/add',
    role: 'admin',
    tag: 'admin problems',
    summary: 'Add a problem (titles are unique)',
    encoding: 'json',
    body: z.object(problemFields).strict(),
    reply: wireProblem,
    handler: ({ body }, { db }) => addProblem(db, body),
  }),
  route({
    method: 'put',
    path: '/api/admin/problem/update',
    role: 'admin',
    tag: 'admin problems',
    summary: "Edit a problem's title, limits and (optionally) statement and balloon colour",
    encoding: 'json',
    body: z.object({ id: idField('id'), ...problemFields }).strict(),
    reply: wireProblem,
    handler: ({ body }, { db }) => {
      const { id, ...fields } = body;
      return updateProblem(db, id, fields);
    },
  }),
  route({
    method: 'delete',
    path: '/api/admin/problem/deleteList',
    role: 'admin',
    tag: 'admin problems',
    summary: 'Delete problems by id (JSON array), with their contest links and submissions',
    encoding: 'json',
    body: idListBody('Please select the problem to delete'),
    reply: z.object({ deleted: z.number().int() }),
    handler: async ({ body }, { db }) => ({ deleted: await deleteProblems(db, body) }),
  }),
  route({
    method: 'get',
    path: '/api/admin/problem/listNoBelong',
    role: 'admin',
    tag: 'admin problems',
    summary: 'Problems not in the contest, for its add-problem select',
    query: z.object({ contestId: idField('contestId') }).strict(),
    reply: z.array(wireProblem),
    handler: ({ query }, { db }) => listProblemsOutsideContest(db, query.contestId),
  }),
  route({
    method: 'post',
    path: '/api/admin/problem/findByTitle2',
    role: 'user',
    tag: 'problems',
    summary: 'A problem by exact title: admins, or members of a started contest holding it',
    encoding: 'form',
    body: z
      .object({ prob_title: textField('Please input the Title', 50, 'The length of Title should be 1-50'), contestId: optionalContestId })
      .strict(),
    reply: problemDetail,
    handler: ({ body, user }, { db, clock }) => readProblemByTitle(db, user!, body.prob_title, clock.now(), body.contestId),
  }),
  route({
    method: 'get',
    path: '/api/problem/statement',
    role: 'user',
    tag: 'problems',
    summary: 'A problem with its Markdown statement: admins, or members of a started contest holding it',
    query: z.object({ problemId: idField('problemId'), contestId: optionalContestId }).strict(),
    reply: problemDetail,
    handler: ({ query, user }, { db, clock }) => readProblem(db, user!, query.problemId, clock.now(), query.contestId),
  }),
];
