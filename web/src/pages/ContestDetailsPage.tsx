import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { SCORING_RULE_LABELS, type ScoringRule } from '@verdict/shared';
import { contestApi } from '../api/contest.ts';
import { judgeApi } from '../api/judge.ts';
import type { ContestProblem, JudgeRecord } from '../api/types.ts';
import { urls } from '../lib/paths.ts';
import { checkChosenContest } from '../lib/validation.ts';
import { contestPhase, formatServerTime, parseServerTime, problemOpenRefusal } from '../lib/time.ts';
import { attemptsByProblem, bestByProblem } from '../lib/bestRecord.ts';
import { useInterval } from '../lib/useInterval.ts';
import { serverNow } from '../lib/serverClock.ts';
import { readStoredContest, storage, storeContest, type StoredContest } from '../storage.ts';
import { notify } from '../feedback.ts';
import { VerdictTag } from '../components/VerdictTag.tsx';
import { ContestCountdown } from '../components/ContestCountdown.tsx';
import { ClarificationsPanel } from '../components/ClarificationsPanel.tsx';

const RESULTS_REFRESH_MS = 5000;

const PHASE_TAGS = {
  notStarted: <Tag color="blue">Not started</Tag>,
  running: <Tag color="green">Running</Tag>,
  ended: <Tag>Ended</Tag>,
};

/** The contest of this page: its URL's `contestId`, else the stored one; read once (see ProblemPage). */
function readContestId(search: string): string | null {
  const id = new URLSearchParams(search).get('contestId');
  return id && /^\d+$/.test(id) ? id : readStoredContest().contestId;
}

export default function ContestDetailsPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [contestId] = useState(() => readContestId(location.search));
  const [contest, setContest] = useState<StoredContest>(() => {
    const stored = readStoredContest();
    return stored.contestId === contestId ? stored : { contestId, title: null, startTime: null, endTime: null };
  });
  // The server's clock (contest replies carry it), not the browser's, which may be off.
  const [now, setNow] = useState(serverNow);
  const [scoringRule, setScoringRule] = useState<ScoringRule | null>(null);
  const [problems, setProblems] = useState<ContestProblem[]>([]);
  const [records, setRecords] = useState<JudgeRecord[]>([]);
  const [loading, setLoading] = useState(false);
  const ready = checkChosenContest(contest) === null;

  const startMs = parseServerTime(contest.startTime);
  const endMs = parseServerTime(contest.endTime);

  useInterval(() => setNow(serverNow()), 1000);

  const loadRecords = useCallback(async (contestId: string) => {
    try {
      setRecords(await judgeApi.myList(contestId));
    } catch {
      notify.error('Failed to get judge records');
    }
  }, []);

  const show = useCallback(
    async (quiet: boolean) => {
      if (!contestId) {
        if (!quiet) notify.error(checkChosenContest(readStoredContest()));
        return;
      }
      if (!location.search) navigate(urls.contestDetails(contestId), { replace: true });
      setLoading(true);
      try {
        const info = await contestApi.contestInfo(contestId);
        storeContest(info);
        setContest({ contestId: String(info.id), title: info.title, startTime: info.startTime, endTime: info.endTime });
        setScoringRule(info.scoringRule);
      } catch {
        notify.error('Failed to get contest details');
      }
      try {
        setProblems(await contestApi.problems(contestId));
      } catch {
        notify.error('Failed to get problems');
      }
      await loadRecords(contestId);
      setLoading(false);
    },
    // Read once: the contest never changes for this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loadRecords, contestId],
  );

  useEffect(() => {
    void show(true);
  }, [show]);

  useInterval(() => void loadRecords(contest.contestId!), ready ? RESULTS_REFRESH_MS : null);

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
      <Typography.Title level={3}>Contest Details</Typography.Title>
      <Card>
        <Descriptions column={{ xs: 1, sm: 2, md: 3 }} size="small" data-testid="contest-info">
          <Descriptions.Item label="Contest ID">{contest.contestId}</Descriptions.Item>
          <Descriptions.Item label="Title">{contest.title}</Descriptions.Item>
          <Descriptions.Item label="Status">{ready ? PHASE_TAGS[contestPhase(startMs, endMs, now)] : null}</Descriptions.Item>
          <Descriptions.Item label="Start">{contest.startTime}</Descriptions.Item>
          <Descriptions.Item label="End">{contest.endTime}</Descriptions.Item>
          <Descriptions.Item label="Current Time">
            <span data-testid="current-time">{formatServerTime(now)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Countdown">
            <ContestCountdown startTime={contest.startTime} endTime={contest.endTime} />
          </Descriptions.Item>
          <Descriptions.Item label="Scoring">
            {scoringRule ? <span data-testid="contest-scoring-rule">{SCORING_RULE_LABELS[scoringRule]}</span> : null}
          </Descriptions.Item>
        </Descriptions>
        <Space wrap style={{ marginTop: 12 }}>
          <Button type="primary" onClick={() => void show(false)} loading={loading} data-testid="show-contest">
            Show
          </Button>
          <Button
            onClick={() => (ready ? navigate(urls.userBoard(contest.contestId!)) : notify.error(checkChosenContest(contest)))}
            data-testid="enter-leaderboard"
          >
            Enter Leaderboard
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
            title: 'Title',
            dataIndex: 'title',
            // Before the start the server leaves titles out (a title can give a problem away).
            render: (title: string, row) => (
              <Typography.Link onClick={() => openProblem(row)} data-testid={`open-problem-${row.letter}`}>
                {title || <Typography.Text type="secondary">Hidden until the start</Typography.Text>}
              </Typography.Link>
            ),
          },
          { title: 'Time Limit (ms)', dataIndex: 'timeLimit', width: 130 },
          { title: 'Memory Limit (MB)', dataIndex: 'memoryLimit', width: 150 },
          {
            title: 'My Result',
            key: 'result',
            width: 110,
            render: (_, row) => {
              const record = best.get(row.problemId);
              return record ? <VerdictTag code={record.judgeResult} /> : null;
            },
          },
          { title: 'Attempts', key: 'attempts', width: 90, render: (_, row) => attempts.get(row.problemId) ?? 0 },
          { title: 'Time (ms)', key: 'runTime', width: 100, render: (_, row) => best.get(row.problemId)?.runTime ?? '' },
          { title: 'Memory (KB)', key: 'runMemory', width: 110, render: (_, row) => best.get(row.problemId)?.runMemory ?? '' },
        ]}
      />
    </div>
  );
}
