// Everything a reader sees of a contest, as the event feed's notifications: one per object, in
// the order clients can apply them (the contest and its lists first, then submissions, their
// judgements and runs, clarifications and awards), each with what decides whether a feed resumed
// from a token sends it again (ccs-feed-token.ts).
import { OVERLAP_MS, type FeedPosition } from './ccs-feed-token.ts';
import { COLLECTIONS, type CcsReader } from './ccs-collections.ts';
import { hiddenFrom, serves } from './ccs-viewer.ts';

export interface FeedItem {
  /** `type/id`: the object the notification is about. */
  key: string;
  /**
   * The notification's start as JSON, `{"type":…,"id":…,"data":…`: its token and `}` follow.
   * The same head is the same object: it tells a changed object from an unchanged one.
   */
  head: string;
  /** Where it moves the reader's position to once sent. */
  advances?: Partial<Pick<FeedPosition, 'submission' | 'judgement' | 'clarification'>>;
  /** Whether a feed resumed from `position` must send it again. */
  newerThan(position: FeedPosition): boolean;
}

const always = () => true;

/** A notification's start as JSON (`data` already JSON), in the order type, id, data, token. */
export function notificationHead(type: string, id: string | null, json: string): string {
  return `{"type":${JSON.stringify(type)},"id":${JSON.stringify(id)},"data":${json}`;
}

function item(type: string, id: string | null, data: unknown, extra: Pick<FeedItem, 'newerThan'> & Pick<Partial<FeedItem>, 'advances'> = { newerThan: always }): FeedItem {
  return { key: `${type}/${id ?? ''}`, head: notificationHead(type, id, JSON.stringify(data)), ...extra };
}

/** Changed since the position, by id or (ids are not always committed in order) by time. */
const after = (mark: number, markOf: (p: FeedPosition) => number, at: Date | null) => (p: FeedPosition) => mark > markOf(p) || (at !== null && at.getTime() > p.at - OVERLAP_MS);

export async function feedSnapshot(reader: CcsReader): Promise<FeedItem[]> {
  const { ctx } = reader;
  const hiddenNow = hiddenFrom(ctx) !== null;
  const items: FeedItem[] = [item('contest', String(ctx.contest.id), reader.contest())];
  for (const name of COLLECTIONS) {
    if (!serves(ctx.viewer, name)) {
      if (name === 'submissions') items.push(item('state', null, reader.state()));
    } else if (name === 'submissions') {
      items.push(item('state', null, reader.state()));
      const { submissions } = await reader.judging();
      const objects = await reader.collection('submissions');
      objects.forEach((object, i) => {
        const s = submissions[i];
        items.push(item(name, object.id, object, { advances: { submission: s.id }, newerThan: after(s.id, (p) => p.submission, s.created_at) }));
      });
    } else if (name === 'judgements' || name === 'runs') {
      for (const { judgement, runs, verdictId } of await reader.judgements()) {
        const mark = verdictId ?? Number.MAX_SAFE_INTEGER;
        const judgedAt = new Date(judgement.end_time);
        // A thaw since the position shows judgements it did not: all are sent again.
        const newerThan = (p: FeedPosition) => (p.hidden && !hiddenNow) || after(mark, (q) => q.judgement, judgedAt)(p);
        const advances = verdictId === null ? undefined : { judgement: verdictId };
        const objects = name === 'judgements' ? [judgement] : runs;
        for (const object of objects) items.push(item(name, object.id, object, { advances, newerThan }));
      }
    } else if (name === 'clarifications') {
      // By version, the order the position counts them in (an answer renumbers its question).
      const clarifications = [...(await reader.clarifications())].sort((a, b) => a.row.version - b.row.version);
      for (const { row, object } of clarifications) {
        const changedAt = row.answered_at ?? row.created_at;
        items.push(item(name, object.id, object, { advances: { clarification: row.version }, newerThan: after(row.version, (p) => p.clarification, changedAt) }));
      }
    } else {
      for (const object of await reader.collection(name)) items.push(item(name, object.id, object));
    }
  }
  return items;
}
