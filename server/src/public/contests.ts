// Contests and their scoreboard as the CLI reads them from a local database.
export { findContest } from '../services/contest-access.ts';
export { toWireContest, type WireContest } from '../services/contests.ts';
export { buildLeaderboard } from '../services/leaderboard.ts';
export type { ScoreboardCell, ScoreboardRow } from '../services/scoreboard.ts';
