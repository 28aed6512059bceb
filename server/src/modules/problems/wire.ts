// The wire shapes of the problems module's replies, declared once: the route tables reply with
// these schemas (OpenAPI and the generated client come from them), the services return their
// inferred types.
import { z } from 'zod';

/** A problem as administrators list it. */
export const wireProblem = z.object({
  id: z.number().int(),
  title: z.string(),
  timeLimit: z.number().int().meta({ description: 'ms' }),
  memoryLimit: z.number().int().meta({ description: 'MB' }),
  hasData: z.boolean(),
  hasPdf: z.boolean(),
  color: z.string().nullable().meta({ description: 'balloon colour #rrggbb, or null' }),
  colorName: z.string().nullable().meta({ description: "the colour's name, or null" }),
  /** Kattis packages: no scaling. */
  languageFactors: z.boolean().nullable().meta({ description: 'Whether limits are scaled per language; null: as the package format says' }),
});
export type WireProblem = z.infer<typeof wireProblem>;

/** A problem with its statement. */
export const problemDetail = wireProblem.extend({ statement: z.string().meta({ description: 'Markdown' }) });
export type ProblemDetail = z.infer<typeof problemDetail>;

/** A judge template: starting code per language. */
export const wireTemplate = z.object({ id: z.number().int(), language: z.string(), comment: z.string(), description: z.string() });
export type WireTemplate = z.infer<typeof wireTemplate>;

/** A template with its language's editor mode and extensions, for the problem page's editor. */
export const templateWithLanguage = wireTemplate.extend({
  /** The language the template names, or null when the judge does not offer it (any more). */
  languageId: z.string().nullable(),
  editorMode: z.string(),
  extensions: z.array(z.string()),
});
export type TemplateWithLanguage = z.infer<typeof templateWithLanguage>;

/** A language a template may name (languages/<id>/language.json, or the judge's list). */
export const languageChoice = z.object({
  id: z.string(),
  name: z.string(),
  /** The editor's mode for the language (a MIME type such as "text/x-rustsrc"); "text/plain" when none. */
  editorMode: z.string().optional(),
  /** The file extensions of its sources (".rs"), to tell a file's language. */
  extensions: z.array(z.string()).optional(),
});
export type LanguageChoice = z.infer<typeof languageChoice>;

/** A language's limits for one problem: what its runs get. */
export const languageLimits = z.object({
  id: z.string(),
  name: z.string(),
  /** The problem's limit times the language's time factor. */
  timeLimit: z.number().int().meta({ description: 'CPU time a run may take, ms' }),
  memoryLimit: z.number().int().meta({ description: 'memory a run may take, MB' }),
  timeFactor: z.number(),
  memoryFactor: z.number(),
  allowed: z.boolean().meta({ description: "false when the problem's package names the languages it takes (problem.yaml languages) and not this one: a submission in it is refused" }),
});
export type LanguageLimits = z.infer<typeof languageLimits>;

/** A problem's own limits (ms, MB), as its page shows them, and each language the judge offers with the limits its runs get. */
export const problemLimits = z.object({
  problemId: z.number().int(),
  timeLimit: z.number().int().meta({ description: "the problem's time limit, ms" }),
  memoryLimit: z.number().int().meta({ description: "the problem's memory limit, MB" }),
  languageFactors: z.boolean().meta({ description: 'false when the limits hold for every language (Kattis packages)' }),
  languages: z.array(languageLimits),
});
export type ProblemLimits = z.infer<typeof problemLimits>;

/** What an upload stored: the problem's new test data version. */
export const importResult = z.object({ problemId: z.number().int(), version: z.number().int(), hash: z.string(), tests: z.number().int() });
export type ImportResult = z.infer<typeof importResult>;
