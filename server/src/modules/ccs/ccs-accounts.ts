// Accounts and persons: a Verdict team is one account of one person, so each team the reader may
// see has an account (type team, the team's id) and a person (role contestant, the team's name).
// Administrators read every account; a team its own; the public none. Persons go with the teams.
import type { TeamRow } from './ccs-teams.ts';
import type { CcsContext } from './ccs-viewer.ts';

export function personObjects(teams: TeamRow[]) {
  return teams.map((t) => ({ id: String(t.id), name: t.nickname.trim() || t.username, role: 'contestant', team_ids: [String(t.id)] }));
}

export function accountObjects(ctx: CcsContext, teams: TeamRow[]) {
  const { viewer } = ctx;
  const mine = teams.filter((t) => viewer.role === 'admin' || (viewer.role === 'team' && viewer.userId === t.id));
  return mine.map((t) => ({ id: String(t.id), username: t.username, name: t.nickname.trim() || t.username, type: 'team', team_id: String(t.id), person_id: String(t.id) }));
}
