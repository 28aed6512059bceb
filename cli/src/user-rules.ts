// The admin user form's rules (spec §5 "Admin add user") with the messages the server's
// /api/user/add answers (the server's modules/users/users-admin-routes.ts), so a row is refused
// the same way locally; written once in @verdict/shared, which the web app's bulk creation uses too.
import { ROLE_CODES, type RoleName } from '@verdict/shared';

export { emailProblem, generatePassword, nicknameProblem, passwordProblem, usernameProblem } from '@verdict/shared';

export const ROLES = ROLE_CODES;
export type { RoleName };
