// @verdict/shared: what the server, the web app and the CLI must agree on, written once.
export { CONTEST_TIME_ZONE, formatContestTime, parseContestTime } from './contest-time.ts';
export { problemLetter, problemLetters } from './problem-letters.ts';
export { SPREADSHEET_ZIP_LIMITS, spreadsheetZipProblem, zipParts, type ZipPart } from './spreadsheet-zip.ts';
export { ROLE_CODES, USER_LIMITS, USER_MESSAGES, type RoleName } from './user-fields.ts';
export { isRoleCode, type Gender, type RoleCode, type WireUser } from './wire-user.ts';
export { ErrorKinds, type ErrorKind, type ErrorName } from './error-codes.ts';
export type { LiveEvent, LiveEventData, LiveEventName, LiveSubmission } from './live-events.ts';
export {
  ApiError,
  createApiClient,
  encodeBody,
  formBody,
  NO_ENVELOPE,
  parseEnvelope,
  queryString,
  splitEndpoint,
  type ApiBody,
  type ApiClient,
  type ApiClientOptions,
  type ApiData,
  type ApiOperations,
  type ApiQuery,
  type CallOptions,
  type DataOf,
  type Endpoint,
  type Envelope,
  type HttpMethod,
  type PathsOf,
  type QueryValue,
} from './api-client.ts';
export { SUBMIT_LIMITS, type SubmitRefusalData } from './submit-limits.ts';
export { CLARIFICATION_LIMITS, CLARIFICATION_MESSAGES, type ClarificationVisibility } from './clarification-limits.ts';
export {
  DEFAULT_SCORING_RULE,
  isScoringRule,
  PASS_FAIL_POINTS,
  ranksByScore,
  SCORING_RULE_LABELS,
  SCORING_RULE_MESSAGE,
  SCORING_RULES,
  type ScoringRule,
} from './scoring-rules.ts';
export { colorNameProblem, normalizeHexColor, parsePackageColor, PROBLEM_COLOR_LIMITS, PROBLEM_COLOR_MESSAGES } from './problem-colors.ts';
export {
  csvCell,
  emailProblem,
  generatedPasswordsCsv,
  generatePassword,
  nicknameProblem,
  passwordProblem,
  toImportRows,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_NICKNAME_MAX,
  usernameProblem,
  type ImportField,
  type ImportRow,
} from './user-import.ts';
