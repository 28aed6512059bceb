// The users module's entry: what the rest of the server may use of it. Other modules, http/,
// the composition root (services.ts, server.ts) and public/ import only this file.
export { addUser, setAffiliations } from './users-admin.ts';
export { affiliationOutcome, type AffiliationOutcome } from './wire.ts';
