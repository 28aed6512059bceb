// The contest-wide objects of the Contest API: the API information, a contest, its state and
// what a reader may access.
import { type ContestRow, PENALTY_PER_REJECTION } from '../contests/index.ts';
import { absTime, absTimeOrNull, relTime } from './ccs-format.ts';
import { versionOf } from './ccs-versions.ts';
import { serves, type CcsContext } from './ccs-viewer.ts';

export function contestObject(contest: ContestRow) {
  const scoring = contest.scoring_rule === 'icpc' ? { scoreboard_type: 'pass-fail', penalty_time: relTime(PENALTY_PER_REJECTION * 60_000) } : { scoreboard_type: 'score' };
  return {
    id: String(contest.id),
    name: contest.title,
    formal_name: contest.title,
    start_time: absTime(contest.start_time),
    countdown_pause_time: null,
    duration: relTime(contest.end_time.getTime() - contest.start_time.getTime()),
    scoreboard_freeze_duration: contest.freeze_time ? relTime(contest.end_time.getTime() - contest.freeze_time.getTime()) : null,
    // Verdict thaws at once: the thaw time is known once it happened.
    scoreboard_thaw_time: absTimeOrNull(contest.thawed_at),
    ...scoring,
  };
}

/**
 * The contest's state at `now`. Verdict keeps judging after the end (rejudges), so updates never
 * end; results are final once the contest ended and its board, if it froze, was thawed.
 */
export function stateObject(contest: ContestRow, now: Date) {
  const reached = (at: Date | null) => (at && now >= at ? at : null);
  const started = reached(contest.start_time);
  const ended = reached(contest.end_time);
  const frozen = reached(contest.freeze_time);
  const thawed = contest.thawed_at;
  const finalized = ended && (!contest.freeze_time || thawed) ? new Date(Math.max(ended.getTime(), thawed?.getTime() ?? 0)) : null;
  return {
    started: absTimeOrNull(started),
    frozen: absTimeOrNull(frozen),
    ended: absTimeOrNull(ended),
    thawed: absTimeOrNull(thawed),
    finalized: absTimeOrNull(finalized),
    end_of_updates: null,
  };
}

/** The properties Verdict fills in, per endpoint type, in the model (2026-01) (the access endpoint lists them). */
const PROPERTIES: Record<string, string[]> = {
  contest: ['id', 'name', 'formal_name', 'start_time', 'countdown_pause_time', 'duration', 'scoreboard_freeze_duration', 'scoreboard_thaw_time', 'scoreboard_type', 'penalty_time'],
  'judgement-types': ['id', 'name', 'penalty', 'solved', 'simplified_judgement_type_id'],
  languages: ['id', 'name', 'entry_point_required', 'extensions'],
  problems: ['id', 'label', 'name', 'ordinal', 'rgb', 'color', 'time_limit', 'memory_limit', 'output_limit', 'code_limit', 'test_data_count', 'max_score'],
  groups: ['id', 'name', 'type'],
  organizations: ['id', 'name', 'formal_name', 'country'],
  teams: ['id', 'name', 'label', 'display_name', 'organization_id', 'group_ids', 'hidden'],
  persons: ['id', 'name', 'role', 'team_ids'],
  accounts: ['id', 'username', 'name', 'type', 'team_id', 'person_id'],
  state: ['started', 'frozen', 'ended', 'thawed', 'finalized', 'end_of_updates'],
  submissions: ['id', 'language_id', 'problem_id', 'team_id', 'account_id', 'time', 'contest_time', 'entry_point', 'files'],
  judgements: ['id', 'submission_id', 'judgement_type_id', 'simplified_judgement_type_id', 'current', 'score', 'start_time', 'start_contest_time', 'end_time', 'end_contest_time', 'max_run_time'],
  runs: ['id', 'judgement_id', 'ordinal', 'judgement_type_id', 'time', 'contest_time', 'run_time'],
  clarifications: ['id', 'from_team_id', 'to_team_ids', 'to_group_ids', 'reply_to_id', 'problem_id', 'text', 'time', 'contest_time'],
  awards: ['id', 'citation', 'team_ids'],
};

/** What 2023-06 lacks of the model's properties (and the one it names otherwise). */
const NOT_IN_2023_06 = ['scoreboard_thaw_time', 'simplified_judgement_type_id', 'memory_limit', 'output_limit', 'code_limit', 'account_id', 'current', 'to_team_ids', 'to_group_ids'];

/**
 * What the reader may do (administrators: thaw the board; a contest's team: post clarifications,
 * 2026-01) and which endpoints and properties it reads (an anonymous visitor: what CCS_ANONYMOUS shows).
 */
export function accessObject(ctx: CcsContext) {
  const version = versionOf(ctx);
  const capabilities = ctx.viewer.role === 'admin' ? ['contest_thaw'] : ctx.viewer.role === 'team' && version !== '2023-06' ? ['post_clar'] : [];
  const endpoints = Object.entries(PROPERTIES)
    .filter(([type]) => serves(ctx.viewer, type))
    .map(([type, properties]) => ({
    type,
    properties: version === '2023-06' ? properties.filter((p) => !NOT_IN_2023_06.includes(p)).concat(type === 'clarifications' ? ['to_team_id'] : []) : properties,
  }));
  return { capabilities, endpoints };
}
