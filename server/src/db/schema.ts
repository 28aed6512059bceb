// Row types of the tables created by migrations/ (Kysely's typed view of the database).
import type { ColumnType, Generated } from 'kysely';
import type { JudgeTimings } from '@verdict/judge';

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
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
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

export interface DB {
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
}
