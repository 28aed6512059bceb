import { useCallback, useEffect, useRef, useState } from 'react';
import { applyLiveBoard, ErrorKinds, type HeldBoard } from '@verdict/shared';
import { ApiError } from '../api/client.ts';
import { contestApi } from '../api/contest.ts';
import type { Contest, LeaderboardRow } from '../api/types.ts';
import { notify } from '../feedback.ts';
import { t, useLanguage, type MessageKey } from '../i18n/index.ts';
import { serverMessage, type ServerRefusal } from '../i18n/server-messages.ts';
import { progressPercent, sortByRank } from './leaderboard.ts';
import { serverNow } from './serverClock.ts';
import { parseServerTime } from './time.ts';
import { useInterval } from './useInterval.ts';
import { pollEvery, useLiveEvents } from './useLiveEvents.ts';

export interface ScoreboardOptions {
  /** How often the rows and the progress bar refresh. */
  refreshMs: number;
  /** Problem columns shown until the contest's problem count has loaded (spec §9). */
  defaultColumns: number;
  /** The spec's message when the problem list cannot be read (it differs between areas). */
  problemsError: MessageKey;
  /** Administrators' choice: true for the board contestants see during a freeze, false for the live one. */
  frozen?: boolean;
}

/**
 * The server's reason when it refuses the board (not a member, no such contest): shown once and
 * on the page; the spec's messages stay for failures without a reply. A session that ended is
 * RequireAuth's to report.
 */
function refusalOf(err: unknown): ServerRefusal | null {
  return err instanceof ApiError && !err.isNetworkError && err.code !== ErrorKinds.NOT_LOGGED_IN.code ? { code: err.code, message: err.message } : null;
}

/** Scoreboard news is read within this much (at random), so that a room's reads spread out. */
const BOARD_SPREAD_MS = 1000;

/** Whether the contest's freeze state may still change by itself or by a thaw (re-read it with the rows). */
const freezeMayChange = (contest: Contest | null) => !!contest?.freezeTime && !contest.thawTime;

/** A contest's fundamentals, its ranked rows and the elapsed-time percentage, kept fresh. */
export function useContestScoreboard(contestId: string, options: ScoreboardOptions) {
  const { refreshMs, defaultColumns, problemsError, frozen } = options;
  // The refusal is kept as the server sent it and worded in the language of each render.
  useLanguage();
  const [refusal, setRefusal] = useState<ServerRefusal | null>(null);
  const [contest, setContest] = useState<Contest | null>(null);
  const [rows, setRows] = useState<LeaderboardRow[]>([]);
  const [problemCount, setProblemCount] = useState(defaultColumns);
  /** Each column's problem title by letter (empty before the start for members: the server hides them). */
  const [problemTitles, setProblemTitles] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(true);
  const [now, setNow] = useState(serverNow);

  const failed = useCallback((err: unknown, message: MessageKey | null) => {
    const refused = refusalOf(err);
    if (refused) {
      setRefusal(refused);
      notify.error(serverMessage(refused));
    } else if (message && !(err instanceof ApiError && err.code === ErrorKinds.NOT_LOGGED_IN.code)) {
      notify.error(t(message));
    }
  }, []);

  // The view shown now, for reads started by an older render (a delayed read on scoreboard news).
  const currentView = useRef(frozen);
  currentView.current = frozen;
  const lastAsked = useRef(0);
  const lastShown = useRef(0);
  const loadRows = useCallback(
    async (quiet: boolean) => {
      const asked = ++lastAsked.current;
      const view = currentView.current;
      try {
        const board = await contestApi.leaderboard(contestId, view);
        // A read is shown unless the view changed meanwhile or a newer read was shown already: an
        // older one (the other view, a slow poll) may end after it. A newer read that failed or
        // is still on its way does not hide this one.
        if (view !== currentView.current || asked < lastShown.current) return;
        lastShown.current = asked;
        setRows(sortByRank(board));
      } catch (err) {
        failed(err, quiet ? null : 'board.detailFailed');
      }
    },
    [contestId, failed],
  );

  const reloadContest = useCallback(
    () => contestApi.contestInfo(contestId).then(setContest, (err) => failed(err, null)),
    [contestId, failed],
  );

  useEffect(() => {
    setLoading(true);
    setRefusal(null);
    Promise.all([
      contestApi.contestInfo(contestId).then(setContest, (err) => failed(err, 'board.fundamentalFailed')),
      contestApi.problems(contestId).then(
        (problems) => {
          setProblemCount(problems.length);
          setProblemTitles(Object.fromEntries(problems.map((p) => [p.letter, p.title])));
        },
        (err) => failed(err, problemsError),
      ),
      loadRows(false),
    ]).finally(() => setLoading(false));
    // A new view (live or frozen) is a new board: read it at once.
  }, [contestId, loadRows, problemsError, failed, frozen]);

  // The board comes through the live stream (issue 29): whole after each (re)connect, then what
  // changed, in the view the server gives this user. An administrator's choice of the frozen view
  // reads it on the stream's news instead.
  const pushed = frozen !== true;
  const heldBoard = useRef<HeldBoard | null>(null);
  const live = useLiveEvents(
    refusal || !Number(contestId) ? undefined : Number(contestId),
    (e) => {
      if (e.event === 'board' && pushed) {
        const next = applyLiveBoard(heldBoard.current, e.data);
        heldBoard.current = next;
        // A diff against a board this page does not have (a gap): read the whole board.
        if (!next) return void loadRows(true);
        // A read still on its way is older than this board: it is not shown over it.
        lastShown.current = ++lastAsked.current;
        setRows(next.rows);
      }
      // A room of contestants hears the news at once: each reads the board within a second, not all together.
      if (e.event === 'scoreboard' && !pushed) setTimeout(() => void loadRows(true), Math.random() * BOARD_SPREAD_MS);
      if (e.event === 'hello') {
        heldBoard.current = null;
        if (!pushed) void loadRows(true);
      }
      if (e.event === 'contest') void reloadContest().then(() => (pushed ? undefined : loadRows(true)));
    },
    pushed,
  );

  // A refused board is not asked for again every few seconds.
  useInterval(
    () => {
      setNow(serverNow());
      // With the board pushed, the stream is the board: no read while it is up.
      if (!(pushed && live)) void loadRows(true);
      // The banner follows the freeze and a thaw without a reload; with the stream down, the
      // countdown and the progress bar follow an edited start or end too.
      if (!live || freezeMayChange(contest)) void reloadContest();
    },
    refusal ? null : pollEvery(live, refreshMs),
  );

  const percent = contest ? progressPercent(parseServerTime(contest.startTime), parseServerTime(contest.endTime), now) : 0;
  return { contest, rows, problemCount, problemTitles, loading, percent, refusal: refusal ? serverMessage(refusal) : null, reloadContest, reloadRows: loadRows };
}
