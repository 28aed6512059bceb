import { useCallback, useEffect, useState } from 'react';
import { ErrorKinds } from '@verdict/shared';
import { ApiError } from '../api/client.ts';
import { contestApi } from '../api/contest.ts';
import type { Contest, LeaderboardRow } from '../api/types.ts';
import { notify } from '../feedback.ts';
import { progressPercent, sortByRank } from './leaderboard.ts';
import { serverNow } from './serverClock.ts';
import { parseServerTime } from './time.ts';
import { useInterval } from './useInterval.ts';

export interface ScoreboardOptions {
  /** How often the rows and the progress bar refresh. */
  refreshMs: number;
  /** Problem columns shown until the contest's problem count has loaded (spec §9). */
  defaultColumns: number;
  /** The spec's message when the problem list cannot be read (it differs between areas). */
  problemsError: string;
  /** Administrators' choice: true for the board contestants see during a freeze, false for the live one. */
  frozen?: boolean;
}

/**
 * The server's reason when it refuses the board (not a member, no such contest): shown once and
 * on the page; the spec's messages stay for failures without a reply. A session that ended is
 * RequireAuth's to report.
 */
function refusalOf(err: unknown): string | null {
  return err instanceof ApiError && !err.isNetworkError && err.code !== ErrorKinds.NOT_LOGGED_IN.code ? err.message : null;
}

/** Whether the contest's freeze state may still change by itself or by a thaw (re-read it with the rows). */
const freezeMayChange = (contest: Contest | null) => !!contest?.freezeTime && !contest.thawTime;

/** A contest's fundamentals, its ranked rows and the elapsed-time percentage, kept fresh. */
export function useContestScoreboard(contestId: string, options: ScoreboardOptions) {
  const { refreshMs, defaultColumns, problemsError, frozen } = options;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [contest, setContest] = useState<Contest | null>(null);
  const [rows, setRows] = useState<LeaderboardRow[]>([]);
  const [problemCount, setProblemCount] = useState(defaultColumns);
  const [loading, setLoading] = useState(true);
  const [now, setNow] = useState(serverNow);

  const failed = useCallback((err: unknown, message: string | null) => {
    const refused = refusalOf(err);
    if (refused) {
      setRefusal(refused);
      notify.error(refused);
    } else if (message && !(err instanceof ApiError && err.code === ErrorKinds.NOT_LOGGED_IN.code)) {
      notify.error(message);
    }
  }, []);

  const loadRows = useCallback(
    async (quiet: boolean) => {
      try {
        setRows(sortByRank(await contestApi.leaderboard(contestId, frozen)));
      } catch (err) {
        failed(err, quiet ? null : 'Get contest detail failed');
      }
    },
    [contestId, failed, frozen],
  );

  const reloadContest = useCallback(
    () => contestApi.contestInfo(contestId).then(setContest, (err) => failed(err, null)),
    [contestId, failed],
  );

  useEffect(() => {
    setLoading(true);
    setRefusal(null);
    Promise.all([
      contestApi.contestInfo(contestId).then(setContest, (err) => failed(err, 'Get contest fundamental failed')),
      contestApi.problems(contestId).then(
        (problems) => setProblemCount(problems.length),
        (err) => failed(err, problemsError),
      ),
      loadRows(false),
    ]).finally(() => setLoading(false));
  }, [contestId, loadRows, problemsError, failed]);

  // A refused board is not asked for again every few seconds.
  useInterval(
    () => {
      setNow(serverNow());
      void loadRows(true);
      // The banner follows the freeze and a thaw without a reload.
      if (freezeMayChange(contest)) void reloadContest();
    },
    refusal ? null : refreshMs,
  );

  const percent = contest ? progressPercent(parseServerTime(contest.startTime), parseServerTime(contest.endTime), now) : 0;
  return { contest, rows, problemCount, loading, percent, refusal, reloadContest, reloadRows: loadRows };
}
