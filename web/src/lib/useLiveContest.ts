// A contest as the server has it now, for a page that stays open through the contest (issue 30,
// defect 1): an administrator may move its start or end, freeze or thaw it while contestants look
// at it. The page reads it once, again whenever the live stream says the contest changed (or the
// stream reconnects: it may have missed that), and every CONTEST_POLL_MS while the stream is down
// (the spec's 5 s checks of the problem page and contest details).
import { useCallback, useEffect, useRef, useState } from 'react';
import { contestApi } from '../api/contest.ts';
import type { Contest } from '../api/types.ts';
import { useInterval } from './useInterval.ts';
import { pollEvery, useLiveEvents } from './useLiveEvents.ts';

export const CONTEST_POLL_MS = 5000;

export interface LiveContestOptions {
  /** A read failed; `first` for the page's first read (the one worth a message). */
  onError?: (err: unknown, first: boolean) => void;
  /** Every fresh read, in order (a read overtaken by a newer one is dropped). */
  onRead?: (contest: Contest) => void;
}

export interface LiveContest {
  contest: Contest | null;
  /** Whether the live stream is connected (pages poll at the spec's pace when it is not). */
  live: boolean;
  /** Reads the contest again now. */
  reload: () => Promise<Contest | null>;
}

/** Follows contest `contestId` (null: none) while mounted. */
export function useLiveContest(contestId: number | null, options: LiveContestOptions = {}): LiveContest {
  const [contest, setContest] = useState<Contest | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const asked = useRef(0);
  const reads = useRef(0);

  const reload = useCallback(async (): Promise<Contest | null> => {
    if (contestId === null) return null;
    const mine = ++asked.current;
    const first = reads.current++ === 0;
    try {
      const info = await contestApi.contestInfo(contestId);
      // A slower, older read must not undo a newer one.
      if (mine !== asked.current) return info;
      setContest(info);
      optionsRef.current.onRead?.(info);
      return info;
    } catch (err) {
      optionsRef.current.onError?.(err, first);
      return null;
    }
  }, [contestId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const live = useLiveEvents(contestId ?? undefined, (e) => {
    // `hello` after a reconnect: what changed while the stream was down was not heard.
    if ((e.event === 'contest' && e.data.contestId === contestId) || (e.event === 'hello' && reads.current > 1)) void reload();
  });
  useInterval(() => void reload(), contestId === null ? null : pollEvery(live, CONTEST_POLL_MS));
  return { contest, live, reload };
}
