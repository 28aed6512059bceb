// Clarifications. A Verdict question becomes up to two API clarifications: the team's question
// (id `<id>`) and the judges' answer replying to it (id `<id>-reply`), to the asker alone or to
// every team; an announcement is one clarification from the judges to every team. Administrators
// see all; a team sees its own questions, the answers to them, answers given to everyone and the
// announcements; the public sees what is sent to every team. Nobody but the asker and the judges
// learns who asked: an answer to everyone reaches the others without the question it replies to,
// which it quotes instead.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { absTime, contestTime } from './ccs-format.ts';
import { problemsOpen, type CcsContext } from './ccs-viewer.ts';

export interface ClarificationRow {
  id: number;
  problem_id: number | null;
  kind: 'question' | 'announcement';
  asker_id: number | null;
  text: string;
  answer: string | null;
  visibility: 'private' | 'public';
  created_at: Date;
  answered_at: Date | null;
  version: number;
  /** Whether the problem is (still) one of the contest's. */
  in_contest: boolean;
}

export async function contestClarifications(db: Kysely<DB>, contestId: number): Promise<ClarificationRow[]> {
  const rows = await db
    .selectFrom('clarifications as q')
    .leftJoin('contest_problems as cp', (join) => join.onRef('cp.contest_id', '=', 'q.contest_id').onRef('cp.problem_id', '=', 'q.problem_id'))
    .select(['q.id', 'q.problem_id', 'q.kind', 'q.asker_id', 'q.text', 'q.answer', 'q.visibility', 'q.created_at', 'q.answered_at', 'q.version'])
    .select((eb) => eb('cp.problem_id', 'is not', null).as('in_contest'))
    .where('q.contest_id', '=', contestId)
    .orderBy('q.id')
    .execute();
  return rows.map((row) => ({ ...row, in_contest: Boolean(row.in_contest) }));
}

/** The clarifications the reader may see, each with the row it comes from. */
export function clarificationObjects(ctx: CcsContext, rows: ClarificationRow[]) {
  const start = ctx.contest.start_time;
  const { viewer } = ctx;
  const out: { row: ClarificationRow; object: ReturnType<typeof clarification> }[] = [];
  function clarification(row: ClarificationRow, fields: { id: string; from: number | null; to: number | null; replyTo: number | null; text: string; at: Date }) {
    return {
      id: fields.id,
      from_team_id: fields.from === null ? null : String(fields.from),
      to_team_ids: fields.to === null ? null : [String(fields.to)],
      to_group_ids: null,
      reply_to_id: fields.replyTo === null ? null : String(fields.replyTo),
      problem_id: row.problem_id !== null && row.in_contest && problemsOpen(ctx) ? String(row.problem_id) : null,
      text: fields.text,
      time: absTime(fields.at),
      contest_time: contestTime(fields.at, start),
    };
  }
  for (const row of rows) {
    if (row.kind === 'announcement') {
      out.push({ row, object: clarification(row, { id: String(row.id), from: null, to: null, replyTo: null, text: row.text, at: row.created_at }) });
      continue;
    }
    const insider = viewer.role === 'admin' || (viewer.role === 'team' && viewer.userId === row.asker_id);
    if (insider) out.push({ row, object: clarification(row, { id: String(row.id), from: row.asker_id, to: null, replyTo: null, text: row.text, at: row.created_at }) });
    if (row.answer === null || row.answered_at === null) continue;
    const reply = { id: `${row.id}-reply`, from: null, at: row.answered_at };
    if (insider) {
      out.push({ row, object: clarification(row, { ...reply, to: row.visibility === 'private' ? row.asker_id : null, replyTo: row.id, text: row.answer }) });
    } else if (row.visibility === 'public') {
      out.push({ row, object: clarification(row, { ...reply, to: null, replyTo: null, text: `${quote(row.text)}\n\n${row.answer}` }) });
    }
  }
  return out;
}

const quote = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
