// Contests and their scoreboard as the CLI reads them from a local database.
export { findContest, toWireContest, type WireContest, buildLeaderboard, type ScoreboardCell, type ScoreboardRow } from '../modules/contests/index.ts';
