// A pushed board applied by whoever holds the stream (the web app, the tests, the benchmarks):
// docs/api-decisions.md, Live updates.
import type { LiveBoard } from './live-events.ts';

type BoardRow = LiveBoard['rows'][number];

/** A board a client holds: its rows in rank order, and the view and version they are. */
export interface HeldBoard {
  view: LiveBoard['view'];
  version: number;
  rows: BoardRow[];
}

/**
 * The board after `event`, or null when `event` is a diff against another version than `held`
 * (a gap: read the whole board again). Rows come in the server's order: rank, then user name.
 */
export function applyLiveBoard(held: HeldBoard | null, event: LiveBoard): HeldBoard | null {
  if (event.from === null) return { view: event.view, version: event.version, rows: event.rows };
  if (!held || held.view !== event.view || held.version !== event.from) return null;
  const byName = new Map(held.rows.map((row) => [row.userName, row]));
  for (const name of event.removed ?? []) byName.delete(name);
  for (const [name, rank] of event.ranks ?? []) {
    const row = byName.get(name);
    if (row) byName.set(name, { ...row, rank });
  }
  for (const row of event.rows) byName.set(row.userName, row);
  const rows = [...byName.values()].sort((a, b) => a.rank - b.rank || (a.userName < b.userName ? -1 : a.userName > b.userName ? 1 : 0));
  return { view: event.view, version: event.version, rows };
}
