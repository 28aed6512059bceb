import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { ScoringRule } from '@verdict/shared';
import { contestApi } from '../api/contest.ts';
import { judgeApi } from '../api/judge.ts';
import type { ContestProblem, JudgeRecord } from '../api/types.ts';
import { urls } from '../lib/paths.ts';
import { checkChosenContest } from '../lib/validation.ts';
import { contestPhase, formatServerTime, parseServerTime, problemOpenRefusal, withZone, type ContestPhase } from '../lib/time.ts';
import { useLiveContest } from '../lib/useLiveContest.ts';
import { attemptsByProblem, bestByProblem } from '../lib/bestRecord.ts';
import { useInterval } from '../lib/useInterval.ts';
import { pollEvery, useLiveEvents } from '../lib/useLiveEvents.ts';
import { isFinalVerdict } from '../lib/verdict.ts';
import { serverNow } from '../lib/serverClock.ts';
import { readStoredContest, storage, storeContest, type StoredContest } from '../storage.ts';
import { notify } from '../feedback.ts';
import { VerdictTag } from '../components/VerdictTag.tsx';
import { ContestCountdown } from '../components/ContestCountdown.tsx';
import { ClarificationsPanel } from '../components/ClarificationsPanel.tsx';
import { t as tNow, useT } from '../i18n/index.ts';

const RESULTS_REFRESH_MS = 5000;

const PHASE_COLORS = { notStarted: 'blue', running: 'green', ended: undefined } as const;

function PhaseTag({ phase }: { phase: keyof typeof PHASE_COLORS }) {
  const t = useT();
  return <Tag color={PHASE_COLORS[phase]}>{t(`contest.phase.${phase}`)}</Tag>;
}

/** The contest of this page: its URL's `contestId`, else the stored one; read once (see ProblemPage). */
function readContestId(search: string): string | null {
  const id = new URLSearchParams(search).get('contestId');
  return id && /^\d+$/.test(id) ? id : readStoredContest().contestId;
}

/** Where the contest stands by the server's clock, checked every second; a change re-renders, a tick does not. */
function useContestPhase(startMs: number, endMs: number, known: boolean): ContestPhase | null {
  const phaseNow = useCallback(() => (known ? contestPhase(startMs, endMs, serverNow()) : null), [startMs, endMs, known]);
  const [phase, setPhase] = useState(phaseNow);
  useEffect(() => setPhase(phaseNow()), [phaseNow]);
  useInterval(() => setPhase(phaseNow()), 1000);
  return phase;
}

/** "Current Time", ticking every second on its own (the page around it does not re-render). */
function CurrentTime() {
  const [now, setNow] = useState(serverNow);
  useInterval(() => setNow(serverNow()), 1000);
  return <span data-testid="current-time">{formatServerTime(now)}</span>;
}

export default function ContestDetailsPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const t = useT();
  const [contestId] = useState(() => readContestId(location.search));
  const [contest, setContest] = useState<StoredContest>(() => {
    const stored = readStoredContest();
    return stored.contestId === contestId ? stored : { contestId, title: null, startTime: null, endTime: null };
  });
  const [scoringRule, setScoringRule] = useState<ScoringRule | null>(null);
  const [problems, setProblems] = useState<ContestProblem[]>([]);
  const [records, setRecords] = useState<JudgeRecord[]>([]);
  const [loading, setLoading] = useState(false);
  const ready = checkChosenContest(contest) === null;

  const startMs = parseServerTime(contest.startTime);
  const endMs = parseServerTime(contest.endTime);
  // The server's clock (contest replies carry it), not the browser's, which may be off.
  const phase = useContestPhase(startMs, endMs, ready);

  // The contest as the server has it now: an edited start or end shows without a reload.
  const { reload: reloadContest } = useLiveContest(contestId ? Number(contestId) : null, {
    onRead: (info) => {
      storeContest(info);
      setContest({ contestId: String(info.id), title: info.title, startTime: info.startTime, endTime: info.endTime });
      setScoringRule(info.scoringRule);
    },
    onError: (_err, first) => {
      if (first) notify.error(tNow('contestDetails.failed'));
    },
  });

  const loadRecords = useCallback(async (contestId: string) => {
    try {
      setRecords(await judgeApi.myList(contestId));
    } catch {
      notify.error(tNow('contestDetails.recordsFailed'));
    }
  }, []);

  const loadProblems = useCallback(
    async (quiet: boolean) => {
      if (!contestId) return;
      try {
        setProblems(await contestApi.problems(contestId));
      } catch {
        if (!quiet) notify.error(tNow('contestDetails.problemsFailed'));
      }
    },
    [contestId],
  );

  const show = useCallback(
    async (first: boolean) => {
      if (!contestId) {
        if (!first) notify.error(checkChosenContest(readStoredContest()));
        return;
      }
      if (!location.search) navigate(urls.contestDetails(contestId), { replace: true });
      setLoading(true);
      // The page's first read of the contest is useLiveContest's.
      if (!first && !(await reloadContest())) notify.error(tNow('contestDetails.failed'));
      await loadProblems(false);
      await loadRecords(contestId);
      setLoading(false);
    },
    // Read once: the contest never changes for this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loadRecords, loadProblems, reloadContest, contestId],
  );

  useEffect(() => {
    void show(true);
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Before the start the server leaves the titles out: once the contest runs (by the server's
  // clock, or because its start was moved), they are read again until they come, at a growing gap
  // (the browser's idea of the start may be a moment ahead of the server's).
  const titlesHidden = problems.some((p) => !p.title);
  useEffect(() => {
    if (phase !== 'running' || !titlesHidden) return;
    let gapMs = 1000;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () =>
      void loadProblems(true).finally(() => {
        if (stopped) return;
        timer = setTimeout(attempt, gapMs);
        gapMs = Math.min(30_000, gapMs * 2);
      });
    attempt();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [phase, titlesHidden, loadProblems]);

  // The caller's verdicts arrive on the live stream; the spec's poll runs while it is down.
  const live = useLiveEvents(ready && Number(contest.contestId) ? Number(contest.contestId) : undefined, (e) => {
    if (e.event === 'hello' || (e.event === 'submission' && isFinalVerdict(e.data.judgeResult))) void loadRecords(contest.contestId!);
  });
  useInterval(() => void loadRecords(contest.contestId!), ready ? pollEvery(live, RESULTS_REFRESH_MS) : null);

  const best = useMemo(() => bestByProblem(records), [records]);
  const attempts = useMemo(() => attemptsByProblem(records), [records]);

  const openProblem = (problem: ContestProblem) => {
    const refusal = problemOpenRefusal(startMs, endMs, serverNow());
    if (refusal) {
      notify.error(refusal);
      return;
    }
    // The spec's keys are still written; the page itself goes by its URL.
    storage.set('chosenProblemId', problem.problemId);
    storage.set('chosenProblemTitle', problem.title);
    navigate(urls.problemPage(problem.problemId, contest.contestId));
  };

  return (
    <div className="page">
      <Typography.Title level={3}>{t('nav.contestDetails')}</Typography.Title>
      <Card>
        <Descriptions column={{ xs: 1, sm: 2, md: 3 }} size="small" data-testid="contest-info">
          <Descriptions.Item label={t('contestDetails.contestId')}>{contest.contestId}</Descriptions.Item>
          <Descriptions.Item label={t('field.title')}>{contest.title}</Descriptions.Item>
          <Descriptions.Item label={t('contestDetails.status')}>{phase ? <PhaseTag phase={phase} /> : null}</Descriptions.Item>
          <Descriptions.Item label={withZone(t('contestDetails.start'))}>{contest.startTime}</Descriptions.Item>
          <Descriptions.Item label={withZone(t('contestDetails.end'))}>{contest.endTime}</Descriptions.Item>
          <Descriptions.Item label={withZone(t('contestDetails.currentTime'))}>
            <CurrentTime />
          </Descriptions.Item>
          <Descriptions.Item label={t('contestDetails.countdown')}>
            <ContestCountdown startTime={contest.startTime} endTime={contest.endTime} />
          </Descriptions.Item>
          <Descriptions.Item label={t('contestDetails.scoring')}>
            {scoringRule ? <span data-testid="contest-scoring-rule">{t(`scoring.${scoringRule}`)}</span> : null}
          </Descriptions.Item>
        </Descriptions>
        <Space wrap style={{ marginTop: 12 }}>
          <Button type="primary" onClick={() => void show(false)} loading={loading} data-testid="show-contest">
            {t('contestDetails.show')}
          </Button>
          <Button
            onClick={() => (ready ? navigate(urls.userBoard(contest.contestId!)) : notify.error(checkChosenContest(contest)))}
            data-testid="enter-leaderboard"
          >
            {t('contestDetails.enterLeaderboard')}
          </Button>
          {contestId ? <ClarificationsPanel contestId={Number(contestId)} /> : null}
        </Space>
      </Card>
      <Table<ContestProblem>
        style={{ marginTop: 16 }}
        rowKey="problemId"
        data-testid="problem-table"
        loading={loading}
        dataSource={problems}
        pagination={false}
        scroll={{ x: 'max-content', y: 620 }}
        columns={[
          { title: '#', dataIndex: 'letter', width: 50 },
          {
            title: t('field.title'),
            dataIndex: 'title',
            // Before the start the server leaves titles out (a title can give a problem away).
            render: (title: string, row) => (
              <Typography.Link onClick={() => openProblem(row)} data-testid={`open-problem-${row.letter}`}>
                {title || <Typography.Text type="secondary">{t('contestDetails.hiddenTitle')}</Typography.Text>}
              </Typography.Link>
            ),
          },
          { title: t('contestDetails.timeLimit'), dataIndex: 'timeLimit', width: 130 },
          { title: t('contestDetails.memoryLimit'), dataIndex: 'memoryLimit', width: 150 },
          {
            title: t('contestDetails.myResult'),
            key: 'result',
            width: 110,
            render: (_, row) => {
              const record = best.get(row.problemId);
              return record ? <VerdictTag code={record.judgeResult} /> : null;
            },
          },
          { title: t('contestDetails.attempts'), key: 'attempts', width: 90, render: (_, row) => attempts.get(row.problemId) ?? 0 },
          { title: t('field.timeMs'), key: 'runTime', width: 100, render: (_, row) => best.get(row.problemId)?.runTime ?? '' },
          { title: t('field.memoryKb'), key: 'runMemory', width: 110, render: (_, row) => best.get(row.problemId)?.runMemory ?? '' },
        ]}
      />
    </div>
  );
}
