import { useCallback, useEffect, useRef, useState } from 'react';
import { clarificationApi, type Clarification } from '../api/clarifications.ts';
import { storage } from '../storage.ts';
import { useInterval } from './useInterval.ts';
import { pollEvery, useLiveEvents } from './useLiveEvents.ts';
import { mergeClarifications, newestVersion, noticesToAnnounce, unseenNotices } from './clarifications.ts';

/** How often the list is asked for while the page is visible (a live push replaces it later). */
export const CLARIFICATION_POLL_MS = 10_000;

/**
 * Per user and contest, the newest version already announced in this tab, kept across page
 * changes (contest details ↔ problem page): news that arrives while the contestant moves between
 * pages is still toasted, and only once. A reload starts over with a first look, which announces
 * nothing (the badge shows what is unseen).
 */
const announced = new Map<string, number>();

export interface ClarificationFeed {
  items: Clarification[];
  /** The version up to which the user has seen them (kept on the server, per user and contest). */
  seenVersion: number;
  unseenCount: number;
  /**
   * The one update function: a poll's whole list (`complete`), or items pushed one at a time.
   * It keeps the list, and hands what is new (not seen, not announced yet) to `onNotices`.
   */
  receive: (incoming: Clarification[], options: { complete: boolean; seenVersion?: number }) => void;
  refresh: () => Promise<void>;
  /** Marks everything listed as seen (the badge clears); the server keeps the mark. */
  markSeen: () => Promise<void>;
  ask: (input: { problemId?: number; text: string }) => Promise<Clarification>;
}

/**
 * A contest's clarifications for its member: polled, diffed, counted. `onNotices` is called
 * with the notices that just arrived (answers, announcements), to show a toast.
 */
export function useClarifications(contestId: number | null, onNotices: (notices: Clarification[]) => void): ClarificationFeed {
  const [state, setState] = useState<{ items: Clarification[]; seenVersion: number }>({ items: [], seenVersion: 0 });
  const current = useRef(state);
  const onNoticesRef = useRef(onNotices);
  onNoticesRef.current = onNotices;
  const key = `${storage.get('username') ?? ''}\n${contestId}`;

  const receive = useCallback<ClarificationFeed['receive']>(
    (incoming, options) => {
      const items = mergeClarifications(current.current.items, incoming, options.complete);
      const seenVersion = Math.max(current.current.seenVersion, options.seenVersion ?? 0);
      current.current = { items, seenVersion };
      setState(current.current);
      const fresh = noticesToAnnounce(items, seenVersion, announced.get(key) ?? null);
      announced.set(key, Math.max(announced.get(key) ?? 0, newestVersion(items)));
      if (fresh.length) onNoticesRef.current(fresh);
    },
    [key],
  );

  const refresh = useCallback(async () => {
    if (contestId === null) return;
    try {
      const reply = await clarificationApi.list(contestId);
      receive(reply.items, { complete: true, seenVersion: reply.seenVersion });
    } catch {
      // Quiet: the page shows its own errors (not a member, offline); the next poll retries.
    }
  }, [contestId, receive]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Pushed as they happen while the live stream is connected (a reconnect reads the whole list).
  const live = useLiveEvents(contestId ?? undefined, (e) => {
    if (e.event === 'clarification') receive([e.data], { complete: false });
    else if (e.event === 'hello') void refresh();
  });

  useInterval(() => {
    if (!document.hidden) void refresh();
  }, contestId === null ? null : pollEvery(live, CLARIFICATION_POLL_MS));

  const markSeen = useCallback(async () => {
    const newest = newestVersion(current.current.items);
    if (contestId === null || newest <= current.current.seenVersion) return;
    current.current = { ...current.current, seenVersion: newest };
    setState(current.current);
    try {
      await clarificationApi.markSeen(contestId, newest);
    } catch {
      // Seen in this tab; after a reload the badge may count it again.
    }
  }, [contestId]);

  const ask = useCallback(
    async (input: { problemId?: number; text: string }) => {
      const item = await clarificationApi.ask({ contestId: contestId!, ...input });
      receive([item], { complete: false });
      return item;
    },
    [contestId, receive],
  );

  return {
    items: state.items,
    seenVersion: state.seenVersion,
    unseenCount: unseenNotices(state.items, state.seenVersion).length,
    receive,
    refresh,
    markSeen,
    ask,
  };
}
