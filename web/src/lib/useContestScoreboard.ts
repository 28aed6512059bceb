import { useCallback, useEffect, useState } from 'react';
import { contestApi } from '../api/contest.ts';
import type { Contest, LeaderboardRow } from '../api/types.ts';
import { notify } from '../feedback.ts';
import { progressPercent, sortByRank } from './leaderboard.ts';
import { parseServerTime } from './time.ts';
import { useInterval } from './useInterval.ts';

export interface ScoreboardOptions {
  /** How often the rows and the progress bar refresh. */
  refreshMs: number;
  /** Problem columns shown until the contest's problem count has loaded (spec §9). */
  defaultColumns: number;
  /** The spec's message when the problem list cannot be read (it differs between areas). */
  problemsError: string;
}

/** A contest's fundamentals, its ranked rows and the elapsed-time percentage, kept fresh. */
export function useContestScoreboard(contestId: string, options: ScoreboardOptions) {
  const { refreshMs, defaultColumns, problemsError } = options;
  const [contest, setContest] = useState<Contest | null>(null);
  const [rows, setRows] = useState<LeaderboardRow[]>([]);
  const [problemCount, setProblemCount] = useState(defaultColumns);
  const [loading, setLoading] = useState(true);
  const [now, setNow] = useState(Date.now());

  const loadRows = useCallback(
    async (quiet: boolean) => {
      try {
        setRows(sortByRank(await contestApi.leaderboard(contestId)));
      } catch {
        if (!quiet) notify.error('Get contest detail failed');
      }
    },
    [contestId],
  );

  useEffect(() => {
    setLoading(true);
    Promise.all([
      contestApi.contestInfo(contestId).then(setContest, () => notify.error('Get contest fundamental failed')),
      contestApi.problems(contestId).then(
        (problems) => setProblemCount(problems.length),
        () => notify.error(problemsError),
      ),
      loadRows(false),
    ]).finally(() => setLoading(false));
  }, [contestId, loadRows, problemsError]);

  useInterval(() => {
    setNow(Date.now());
    void loadRows(true);
  }, refreshMs);

  const percent = contest ? progressPercent(parseServerTime(contest.startTime), parseServerTime(contest.endTime), now) : 0;
  return { contest, rows, problemCount, loading, percent };
}
