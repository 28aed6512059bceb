// What `verdict doctor` checks of the server's services.
export { checkSmtp, redactUrl } from '../modules/mail/mail.ts';
export { DEFAULT_CHROMIUM_PATH } from '../modules/problems/pdf-render.ts';
export { usernameClashes } from '../modules/accounts/usernames.ts';
