import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Descriptions, Progress, Space, Typography } from 'antd';
import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { contestApi } from '../../api/contest.ts';
import type { Contest, LeaderboardRow } from '../../api/types.ts';
import { ADMIN_DEFAULT_PROBLEM_COLUMNS, progressPercent, sortByRank } from '../../lib/leaderboard.ts';
import { parseServerTime } from '../../lib/time.ts';
import { paths } from '../../lib/paths.ts';
import { useInterval } from '../../lib/useInterval.ts';
import { notify } from '../../feedback.ts';
import { LeaderboardTable } from '../../components/LeaderboardTable.tsx';

const REFRESH_MS = 2000;

/** The admin scoreboard of one contest, refreshed every 2 s (spec §4, §9). */
export default function AdminContestDetailPage() {
  const navigate = useNavigate();
  const { contestId = '' } = useParams();
  const [contest, setContest] = useState<Contest | null>(null);
  const [rows, setRows] = useState<LeaderboardRow[]>([]);
  const [problemCount, setProblemCount] = useState(ADMIN_DEFAULT_PROBLEM_COLUMNS);
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
        () => notify.error('Falied to get selected problem list'),
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
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<HomeOutlined />} onClick={() => navigate(paths.adminNav)} data-testid="board-home">
          Home
        </Button>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} data-testid="board-back">
          Back
        </Button>
      </Space>
      <Card>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="board-title">
          {contest?.title ?? `Contest ${contestId}`}
        </Typography.Title>
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
