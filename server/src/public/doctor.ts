// What `verdict doctor` checks of the server's services.
export { checkSmtp, redactUrl } from '../services/mail.ts';
export { DEFAULT_CHROMIUM_PATH } from '../services/pdf-render.ts';
