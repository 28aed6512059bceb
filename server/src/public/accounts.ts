// Accounts as the CLI's local user commands manage them (same rules and hashing as the API).
export { addUser } from '../modules/users/index.ts';
export { hashPassword, replacePassword, issueApiToken, listApiTokens, revokeApiToken } from '../modules/accounts/index.ts';
