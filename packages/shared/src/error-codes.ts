// The error catalogue of the wire: every failure a client can see has a code, an HTTP status
// and a default message. The server's domain errors name a kind; its HTTP layer answers with the
// kind's status and code; the CLI and the web app read the codes from here. Anything else
// becomes INTERNAL, logged on the server and never shown in detail.

export interface ErrorKind {
  code: number;
  status: number;
  message: string;
}

export const ErrorKinds = {
  VALIDATION: { code: 1000, status: 400, message: 'Invalid request' },
  NOT_LOGGED_IN: { code: 1001, status: 401, message: 'Please log in first' },
  FORBIDDEN: { code: 1002, status: 403, message: 'Administrator permission required' },
  WRONG_CAPTCHA: { code: 1003, status: 400, message: '验证码错误 (wrong captcha)' },
  WRONG_CREDENTIALS: { code: 1004, status: 401, message: 'Wrong username or password' },
  RATE_LIMITED: { code: 1005, status: 429, message: 'Too many requests, please try again later' },
  EMAIL_CODE_INVALID: { code: 1006, status: 400, message: 'The e-mail code is wrong or has expired' },
  NOT_FOUND: { code: 1007, status: 404, message: 'Not found' },
  CONFLICT: { code: 1008, status: 409, message: 'Already exists' },
  CONTEST_NOT_STARTED: { code: 1009, status: 403, message: 'The contest has not started yet.' },
  CONTEST_ENDED: { code: 1010, status: 403, message: 'The contest has ended.' },
  TOO_LARGE: { code: 1011, status: 413, message: 'File size exceeds the limit.' },
  UNSUPPORTED_FILE: { code: 1012, status: 415, message: 'File format not supported. Please upload zip files.' },
  NOT_MEMBER: { code: 1013, status: 403, message: 'You are not a participant of this contest' },
  MAIL_FAILED: { code: 1014, status: 502, message: 'Failed to send the e-mail' },
  UNAVAILABLE: { code: 1015, status: 503, message: 'Service unavailable' },
  BAD_PACKAGE: { code: 1016, status: 422, message: 'The problem package was refused' },
  NO_SPACE: { code: 1017, status: 507, message: "The server's disk is full: nothing was stored. Please tell the administrator." },
  METHOD_NOT_ALLOWED: { code: 1018, status: 405, message: 'This method is not supported here' },
  INTERNAL: { code: 1500, status: 500, message: 'Internal server error' },
} as const satisfies Record<string, ErrorKind>;

export type ErrorName = keyof typeof ErrorKinds;
