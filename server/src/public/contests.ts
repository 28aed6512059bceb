// Contests and their scoreboard as the CLI reads them from a local database.
export { findContest } from '../modules/contests/contest-access.ts';
export { toWireContest, type WireContest } from '../modules/contests/contests.ts';
export { buildLeaderboard } from '../modules/contests/leaderboard.ts';
export type { ScoreboardCell, ScoreboardRow } from '../modules/contests/scoreboard.ts';
