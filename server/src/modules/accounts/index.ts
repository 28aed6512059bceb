// The accounts module's entry: what the rest of the server may use of it. Other modules, http/,
// the composition root (services.ts, server.ts) and public/ import only this file.
export { API_TOKEN_ONLY_CCS, issueApiToken, listApiTokens, revokeApiToken } from './api-tokens.ts';
export { startAuthChores } from './auth-chores.ts';
export { email, gender, newUsername, nickname, PASSWORD_MAX, text } from './auth-fields.ts';
export { EMAIL_TAKEN, emailTaken, userConflict, USERNAME_TAKEN } from './auth.ts';
export { BASIC_CHALLENGE, basicCredentials, userFromBasic } from './basic-auth.ts';
export { assertCurrentPassword } from './current-password.ts';
export type { CurrentUser } from './current-user.ts';
export { hashPassword } from './passwords.ts';
export { underLoginTry } from './rate-limit.ts';
export { hashToken, replacePassword, resolveToken, revokeUserTokens, tokenFromHeader } from './tokens.ts';
export { assertUsernameFree, usernameClashes, usernameColumns } from './usernames.ts';
export { apiTokenInfo, type ApiTokenInfo, issuedApiToken, type IssuedApiToken, session, type Session } from './wire.ts';
