// What `verdict doctor` checks of the server's services.
export { checkSmtp, redactUrl } from '../modules/mail/index.ts';
export { DEFAULT_CHROMIUM_PATH } from '../modules/problems/index.ts';
export { usernameClashes } from '../modules/accounts/index.ts';
export { judgeQueueStatus, LONG_WAIT_MS } from '../modules/judging/index.ts';
