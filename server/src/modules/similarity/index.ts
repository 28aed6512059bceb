// Similarity (plagiarism) checking of a contest's sources (issue 31): the module's entry.
export { analyseProblem, DEFAULT_ANALYSE, type AnalyseOptions, type ProblemAnalysis, type PairResult, type Fragment, type SourceInput } from './analyse.ts';
export { lexerFor, tokenize, type LexerName } from './tokenize.ts';
export { SimilarityRunner } from './similarity-runner.ts';
export { startSimilarityRun, listSimilarityRuns, similarityRun, similarityPairs, similarityPair, similarityCsv, pairsCsv, type RunView, type RunDetail, type PairView, type PairDetail } from './similarity.ts';
