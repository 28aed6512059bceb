import { Button, Space } from 'antd';
import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { ADMIN_DEFAULT_PROBLEM_COLUMNS } from '../../lib/leaderboard.ts';
import { paths } from '../../lib/paths.ts';
import { useContestScoreboard } from '../../lib/useContestScoreboard.ts';
import { ContestScoreboard } from '../../components/ContestScoreboard.tsx';

/** The admin scoreboard of one contest, refreshed every 2 s (spec §4, §9). */
export default function AdminContestDetailPage() {
  const navigate = useNavigate();
  const { contestId = '' } = useParams();
  const board = useContestScoreboard(contestId, {
    refreshMs: 2000,
    defaultColumns: ADMIN_DEFAULT_PROBLEM_COLUMNS,
    problemsError: 'Falied to get selected problem list',
  });
  // Back within the app: opened directly (a link, a bookmark), the previous page is not ours.
  const back = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(paths.contestManagement);
  };
  return (
    <div className="page">
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<HomeOutlined />} onClick={() => navigate(paths.adminNav)} data-testid="board-home">
          Home
        </Button>
        <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="board-back">
          Back
        </Button>
      </Space>
      <ContestScoreboard contestId={contestId} {...board} />
    </div>
  );
}
