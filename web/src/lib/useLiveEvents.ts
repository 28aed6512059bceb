import { useEffect, useRef, useState } from 'react';
import { listenLive, type LiveEvent } from './liveEvents.ts';

/** How often a page that is live still polls: a safety net for anything the stream missed. */
export const LIVE_SAFETY_POLL_MS = 60_000;

/**
 * Follows a contest's live stream (null: the caller's own submissions anywhere; undefined: none)
 * while mounted; `onEvent` gets every event (`board`: the stream that pushes the contest's board).
 * Returns whether the stream is connected: pages poll at the spec's pace only when it is not.
 */
export function useLiveEvents(contestId: number | null | undefined, onEvent: (event: LiveEvent) => void, board = false): boolean {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (contestId === undefined) return;
    const stop = listenLive(contestId, { onEvent: (e) => handler.current(e), onState: setConnected }, board);
    return () => {
      stop();
      setConnected(false);
    };
  }, [contestId, board]);
  return connected;
}

/** The poll interval for a page: the spec's when the stream is down, the safety net's when it is live. */
export const pollEvery = (connected: boolean, specMs: number): number => (connected ? Math.max(specMs, LIVE_SAFETY_POLL_MS) : specMs);

/**
 * Calls `refresh` when the live stream brings an event `matters` picks (and after a reconnect),
 * at most once per `minGapMs`: a list that re-reads itself on news. Returns whether it is live.
 */
export function useLiveRefresh(contestId: number | null | undefined, matters: (event: LiveEvent) => boolean, refresh: () => void, minGapMs = 1000): boolean {
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useLiveEvents(contestId, (e) => {
    if (e.event !== 'hello' && !matters(e)) return;
    if (timer.current !== undefined) return;
    const wait = Math.max(0, last.current + minGapMs - Date.now());
    timer.current = setTimeout(() => {
      timer.current = undefined;
      last.current = Date.now();
      refreshRef.current();
    }, wait);
  });
}
