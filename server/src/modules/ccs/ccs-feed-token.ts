// The event feed's notification tokens. Verdict keeps no event log: a token says how far the
// reader's feed had got in each kind of object that only grows — the highest submission id,
// judgement (verdict row) id and clarification version sent — whether judgements after a freeze
// were hidden from it then, and when. A feed resumed from a token sends every object past those
// marks, or changed less than OVERLAP_MS before the token (ids are not always committed in
// order), every judgement again when the board has been thawed since, and all the contest-wide
// objects (contest, state, problems, teams...) again: they are few. So the reader gets at least
// every change since the token, as the API asks; tokens do not expire.
import { fail } from '../../common/errors.ts';

export interface FeedPosition {
  submission: number;
  judgement: number;
  clarification: number;
  /** Whether judgements of submissions made from the freeze on were hidden from the reader. */
  hidden: boolean;
  /** The server's time the position was read at (ms). */
  at: number;
}

export const OVERLAP_MS = 10_000;

export const START: FeedPosition = { submission: 0, judgement: 0, clarification: 0, hidden: false, at: 0 };

export function encodeToken(p: FeedPosition): string {
  return [p.submission, p.judgement, p.clarification, p.hidden ? 1 : 0, p.at.toString(36)].join('.');
}

/** The position a token names; VALIDATION (400) for anything that is not one of ours. */
export function decodeToken(token: string): FeedPosition {
  const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})\.([01])\.([0-9a-z]{1,12})$/.exec(token);
  if (!match) throw fail('VALIDATION', `since_token ${JSON.stringify(token.slice(0, 60))} is not a token of this feed: reconnect without since_token`);
  return { submission: Number(match[1]), judgement: Number(match[2]), clarification: Number(match[3]), hidden: match[4] === '1', at: parseInt(match[5], 36) };
}
