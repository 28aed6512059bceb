// The contests module's entry: what the rest of the server may use of it. Other modules, http/,
// the composition root (services.ts, server.ts) and public/ import only this file.
export { assertCanOpenContestProblem, assertCanReadProblem, assertCanSeeContest, assertContestStarted, type ContestRow, findContest, isAdmin, isContestMember } from './contest-access.ts';
export { type BoardView, isBoardFrozen, thawScoreboard } from './contest-freeze.ts';
export { addContest, toWireContest } from './contests.ts';
export type { SerializedBoard } from './leaderboard-board.ts';
export { addContestProblem, addMembersByUsername } from './membership.ts';
export { buildLeaderboard, Leaderboards } from './leaderboard.ts';
export { PENALTY_PER_REJECTION, type ScoreboardCell, type ScoreboardRow } from './scoreboard.ts';
export { contestMember, type ContestMember, type ContestProblem, userListOutcome, type UserListOutcome, wireContest, type WireContest, wireContestProblem } from './wire.ts';
