// Similarity runs as the CLI starts and reads them from a local database.
export { SimilarityRunner, startSimilarityRun, similarityRun, similarityPairs, pairsCsv, type RunView, type RunDetail, type PairView } from '../modules/similarity/index.ts';
