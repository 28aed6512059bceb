// Accounts as the CLI's local user commands manage them (same rules and hashing as the API).
export { addUser } from '../services/users-admin.ts';
export { hashPassword } from '../auth/passwords.ts';
export { replacePassword } from '../auth/tokens.ts';
