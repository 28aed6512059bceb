// Similarity (plagiarism) checking of a contest's sources (issue 31): the module's entry.
export { analyseProblem, DEFAULT_ANALYSE, type AnalyseOptions, type ProblemAnalysis, type PairResult, type Fragment, type SourceInput } from './analyse.ts';
export { lexerFor, tokenize, type LexerName } from './tokenize.ts';
