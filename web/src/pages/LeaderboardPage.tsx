import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Descriptions, Progress, Space, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { contestApi } from '../api/contest.ts';
import type { Contest, LeaderboardRow } from '../api/types.ts';
import { progressPercent, sortByRank, USER_DEFAULT_PROBLEM_COLUMNS } from '../lib/leaderboard.ts';
import { parseServerTime } from '../lib/time.ts';
import { paths } from '../lib/paths.ts';
import { useInterval } from '../lib/useInterval.ts';
import { notify } from '../feedback.ts';
import { LeaderboardTable } from '../components/LeaderboardTable.tsx';

const REFRESH_MS = 5000;

export default function LeaderboardPage() {
  const navigate = useNavigate();
  const { contestId = '' } = useParams();
  const [contest, setContest] = useState<Contest | null>(null);
  const [rows, setRows] = useState<LeaderboardRow[]>([]);
  const [problemCount, setProblemCount] = useState(USER_DEFAULT_PROBLEM_COLUMNS);
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
        () => notify.error('Failed to get problems'),
      ),
      loadRows(false),
    ]).finally(() => setLoading(false));
  }, [contestId, loadRows]);

  useInterval(() => {
    setNow(Date.now());
    void loadRows(true);
  }, REFRESH_MS);

  const percent = contest ? progressPercent(parseServerTime(contest.startTime), parseServerTime(contest.endTime), now) : 0;

  return (
    <div className="page">
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="board-title">
            {contest?.title ?? `Contest ${contestId}`}
          </Typography.Title>
          <Button onClick={() => navigate(paths.contestDetails)}>Back to Contest Details</Button>
        </Space>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" style={{ marginTop: 8 }}>
          <Descriptions.Item label="Start Time">{contest?.startTime}</Descriptions.Item>
          <Descriptions.Item label="End Time">{contest?.endTime}</Descriptions.Item>
        </Descriptions>
        <Progress percent={percent} data-testid="board-progress" status={percent >= 100 ? 'success' : 'active'} />
      </Card>
      <div style={{ marginTop: 16 }} data-testid="leaderboard">
        <LeaderboardTable rows={rows} problemCount={problemCount} loading={loading} />
      </div>
    </div>
  );
}
