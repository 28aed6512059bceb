// Row types of the tables created by migrations/ (Kysely's typed view of the database).
import type { ColumnType, Generated } from 'kysely';
import type { JudgeTimings } from '@verdict/judge';
import type { ScoringRule } from '@verdict/shared';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  nickname: Generated<string>;
  gender: Generated<'male' | 'female'>;
  auth: Generated<number>;
  password_hash: string;
  created_at: Timestamp;
  /** The university or organisation (migration 0015): the team's organization in the Contest API. */
  affiliation: Generated<string | null>;
  /** Migration 0020: the canonical key of the username (accounts/usernames.ts), unique; null for a name that clashed with an older one. */
  username_key: Generated<string | null>;
  /** Migration 0030: the name's skeleton taken before lower-casing (accounts/usernames.ts usernameShape); unique, null for a name whose shape an older account had. */
  username_shape: Generated<string | null>;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** Migration 0019: 'session' (a login, 7 days) or 'api' (a Contest API client's token, until revoked). */
  kind: Generated<'session' | 'api'>;
  /** An API token's label (what it is for). */
  label: Generated<string | null>;
  /** The administrator who issued an API token (null once deleted). */
  issued_by: Generated<number | null>;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface EmailCodesTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  key: string;
  at: Timestamp;
}

export interface ProblemsTable {
  id: Generated<number>;
  title: string;
  time_limit: number;
  memory_limit: number;
  statement: Generated<string>;
  package_hash: string | null;
  package_version: Generated<number>;
  pdf_hash: string | null;
  created_at: Timestamp;
  /** The balloon colour, `#rrggbb` lowercase, and its name (migration 0012); a name needs a colour. */
  color: Generated<string | null>;
  color_name: Generated<string | null>;
  /** Scale limits per language: null as the package format says, else an administrator's choice (migration 0017). */
  language_factors: Generated<boolean | null>;
}

export interface PackagesTable {
  hash: string;
  size: number;
  data: Buffer | null;
  meta: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface ProblemVersionsTable {
  id: Generated<number>;
  problem_id: number;
  version: number;
  package_hash: string;
  created_at: Timestamp;
}

export interface TemplatesTable {
  id: Generated<number>;
  language: string;
  comment: string;
  description: string;
}

export interface ContestsTable {
  id: Generated<number>;
  title: string;
  start_time: Timestamp;
  end_time: Timestamp;
  create_time: Timestamp;
  /** From this time on the public board hides verdicts, until `thawed_at` (migration 0007). */
  freeze_time: NullableTimestamp;
  /** When an administrator thawed the board; null while frozen (or never frozen). */
  thawed_at: NullableTimestamp;
  /** How the leaderboard counts and ranks (migration 0011); 'icpc' for every older contest. */
  scoring_rule: Generated<ScoringRule>;
  /** Whether ICPC submissions run every test instead of stopping at the first failure (migration 0016). */
  show_all_tests: Generated<boolean>;
  /** Renumbered on every insert and update (migration 0013): what the change feed reads. */
  change_seq: Generated<string>;
}

export interface ContestUsersTable {
  contest_id: number;
  user_id: number;
}

export interface ContestProblemsTable {
  contest_id: number;
  problem_id: number;
  position: number;
}

export interface TestResult {
  name: string;
  verdict: string;
  timeMs: number;
  memoryKb: number;
}

export interface GroupScore {
  name: string;
  verdict: string;
  score: number;
  maxScore: number;
}

export interface SubmittedFile {
  name: string;
  content: string;
}

export interface SubmissionsTable {
  id: Generated<number>;
  user_id: number;
  problem_id: number;
  contest_id: number | null;
  template_id: number | null;
  language: string;
  code: string;
  /** A submission of several files (migration 0009); null for one source in `code`. */
  files: NullableJson<SubmittedFile[]>;
  /** Scoring problems (migration 0010): the score, the most possible, each test data group's result. */
  score: Generated<number | null>;
  max_score: Generated<number | null>;
  groups: NullableJson<GroupScore[]>;
  status: Generated<string>;
  compile_message: Generated<string>;
  run_time: Generated<number>;
  run_memory: Generated<number>;
  tests: Json<TestResult[]>;
  package_hash: string | null;
  judge_attempts: Generated<number>;
  created_at: Timestamp;
  judged_at: NullableTimestamp;
  /** When the last judging attempt claimed the record. */
  judge_started_at: NullableTimestamp;
  /** Phase timings of the stored verdict; null when the judge core did not produce it (e.g. SE). */
  timings: NullableJson<JudgeTimings>;
  /** The test being run while judging (migration 0013); null otherwise. */
  judging_test: number | null;
  /** Renumbered on every insert and update (migration 0013): what the change feed reads. */
  change_seq: Generated<string>;
  /** The client's idempotency key (`submissionKey`, migration 0022), unique per user; null when none was sent. */
  submission_key: Generated<string | null>;
}

/** One final verdict written to a record (migration 0006). */
export interface SubmissionVerdictsTable {
  id: Generated<number>;
  submission_id: number;
  attempt: number;
  status: string;
  run_time: number;
  run_memory: number;
  /** The process that wrote it: host#pid. */
  judged_by: string;
  judged_at: Timestamp;
}

/** A process that judges, and when it last said it is alive (migration 0018). */
export interface JudgeWorkersTable {
  /** host#pid, as the judge queue's locks name their owner. */
  name: string;
  /** Its concurrent judge jobs. */
  workers: number;
  started_at: Timestamp;
  heartbeat_at: Timestamp;
}

/** A question of a contestant or an announcement of the judges (migration 0008). */
export interface ClarificationsTable {
  id: Generated<number>;
  contest_id: number;
  /** The problem it is about; null: the contest in general. */
  problem_id: number | null;
  kind: 'question' | 'announcement';
  /** Who asked; null for an announcement. */
  asker_id: number | null;
  text: string;
  answer: string | null;
  /** private: the asker alone sees it; public: every member, without the asker's name. */
  visibility: Generated<'private' | 'public'>;
  /** The judge who answered it or posted the announcement. */
  answered_by: number | null;
  created_at: Timestamp;
  answered_at: NullableTimestamp;
  /** Renumbered from its own sequence on every change: what a client has seen is a version. */
  version: Generated<number>;
}

/** Per member and contest: the clarification version up to which the member has seen them. */
export interface ClarificationReadsTable {
  contest_id: number;
  user_id: number;
  seen_version: number;
}

/** A balloon handed over (migration 0012): a member's first AC on a problem of the contest. */
export interface BalloonDeliveriesTable {
  contest_id: number;
  user_id: number;
  problem_id: number;
  /** The administrator who marked it delivered; null once that account is deleted. */
  delivered_by: number | null;
  delivered_at: Timestamp;
}

/** A contest's newest leaderboard change (migration 0014, written by triggers only); bigints come as strings. */
export interface LeaderboardVersionsTable {
  contest_id: number;
  version: string;
  /** Changes up to this version were pruned from leaderboard_changes. */
  pruned_through: Generated<string>;
}

/** What one leaderboard change touched: a (user, problem) pair, a member (no problem) or the problem set (neither). */
export interface LeaderboardChangesTable {
  contest_id: number;
  version: string;
  user_id: number | null;
  problem_id: number | null;
}

/** A group of teams an administrator defined for a contest (migration 0025). */
export interface CcsGroupsTable {
  contest_id: number;
  id: string;
  name: string;
  hidden: Generated<boolean>;
}

/** A team's group in a contest, built-in (participants, observers, hidden) or defined (migration 0025). */
export interface CcsTeamGroupsTable {
  contest_id: number;
  user_id: number;
  group_id: string;
}

/** The ISO 3166-1 alpha-3 country of an affiliation's organization (migration 0025). */
export interface OrganizationCountriesTable {
  affiliation: string;
  country: string;
}

/** A contest shadowing another CCS's event feed (migration 0028). */
export interface ShadowsTable {
  contest_id: number;
  source: string;
  /** The Authorization header the feed and files are read with (a URL source only). */
  authorization: string | null;
  since_token: string | null;
  /** Their teams, accounts and problems read so far (JSON). */
  mapping: string | null;
  running: Generated<boolean>;
  error: string | null;
}

/** One of the shadowed CCS's submissions: our copy and their current judgement type (migration 0028). */
export interface ShadowSubmissionsTable {
  contest_id: number;
  their_id: string;
  submission_id: number | null;
  their_type: string | null;
  refused: string | null;
}

/** A similarity analysis of a contest's sources, or one problem's (migration 0034). */
export interface SimilarityRunsTable {
  id: Generated<number>;
  contest_id: number;
  problem_id: number | null;
  selection: 'last' | 'accepted';
  base_file: string | null;
  status: 'running' | 'done' | 'failed';
  total_sources: Generated<number>;
  done_sources: Generated<number>;
  message: string | null;
  clusters: Json<{ problemId: number; userIds: number[] }[]>;
  created_by: number | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  /** Renewed while its process runs it. */
  heartbeat_at: NullableTimestamp;
}

/** The source that stood for a contestant on a problem in a run, and the lexer that read it. */
export interface SimilaritySourcesTable {
  run_id: number;
  problem_id: number;
  user_id: number;
  submission_id: number;
  /** The contestant's submissions on the problem in the contest. */
  submissions: number;
  language: string;
  lexer: string;
  tokens: number;
}

export interface SimilarityFragment {
  tokens: number;
  a: { start: number; end: number; startLine: number; endLine: number };
  b: { start: number; end: number; startLine: number; endLine: number };
}

/** One of the most similar pairs of a problem in a run (user_a < user_b). */
export interface SimilarityPairsTable {
  id: Generated<number>;
  run_id: number;
  problem_id: number;
  user_a: number;
  user_b: number;
  similarity: number;
  longest_fragment: number;
  fragments: Json<SimilarityFragment[]>;
}

export interface DB {
  similarity_runs: SimilarityRunsTable;
  similarity_sources: SimilaritySourcesTable;
  similarity_pairs: SimilarityPairsTable;
  shadows: ShadowsTable;
  shadow_submissions: ShadowSubmissionsTable;
  ccs_groups: CcsGroupsTable;
  ccs_team_groups: CcsTeamGroupsTable;
  organization_countries: OrganizationCountriesTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  captchas: CaptchasTable;
  email_codes: EmailCodesTable;
  login_attempts: LoginAttemptsTable;
  problems: ProblemsTable;
  packages: PackagesTable;
  problem_versions: ProblemVersionsTable;
  templates: TemplatesTable;
  contests: ContestsTable;
  contest_users: ContestUsersTable;
  contest_problems: ContestProblemsTable;
  submissions: SubmissionsTable;
  submission_verdicts: SubmissionVerdictsTable;
  judge_workers: JudgeWorkersTable;
  clarifications: ClarificationsTable;
  clarification_reads: ClarificationReadsTable;
  balloon_deliveries: BalloonDeliveriesTable;
  leaderboard_versions: LeaderboardVersionsTable;
  leaderboard_changes: LeaderboardChangesTable;
}
