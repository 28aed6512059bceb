// Accounts as the CLI's local user commands manage them (same rules and hashing as the API).
export { addUser } from '../modules/users/users-admin.ts';
export { hashPassword } from '../modules/accounts/passwords.ts';
export { replacePassword } from '../modules/accounts/tokens.ts';
export { issueApiToken, listApiTokens, revokeApiToken } from '../modules/accounts/api-tokens.ts';
