import { useState } from 'react';
import { Button, Segmented, Space } from 'antd';
import { ArrowLeftOutlined, HomeOutlined, UnlockOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { adminContestsApi } from '../../api/adminContests.ts';
import { errorMessage } from '../../api/client.ts';
import { boardNotice } from '../../lib/contestClock.ts';
import { ADMIN_DEFAULT_PROBLEM_COLUMNS } from '../../lib/leaderboard.ts';
import { paths } from '../../lib/paths.ts';
import { useContestScoreboard } from '../../lib/useContestScoreboard.ts';
import { confirmDialog, notify } from '../../feedback.ts';
import { ContestScoreboard } from '../../components/ContestScoreboard.tsx';

type View = 'live' | 'frozen';

/** The admin scoreboard of one contest, refreshed every 2 s (spec §4, §9); live or frozen, and the thaw. */
export default function AdminContestDetailPage() {
  const navigate = useNavigate();
  const { contestId = '' } = useParams();
  const [view, setView] = useState<View>('live');
  const [thawing, setThawing] = useState(false);
  const board = useContestScoreboard(contestId, {
    refreshMs: 2000,
    defaultColumns: ADMIN_DEFAULT_PROBLEM_COLUMNS,
    problemsError: 'Falied to get selected problem list',
    frozen: view === 'frozen',
  });
  const { contest } = board;
  // Back within the app: opened directly (a link, a bookmark), the previous page is not ours.
  const back = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(paths.contestManagement);
  };
  const thaw = async () => {
    if (!contest || !(await confirmDialog({ title: 'Thaw the scoreboard?', content: 'Every contestant will see every verdict, final ranks included.' }))) return;
    setThawing(true);
    try {
      await adminContestsApi.thaw(contest.id);
      notify.success('The scoreboard is thawed');
      setView('live');
      await Promise.all([board.reloadContest(), board.reloadRows(true)]);
    } catch (err) {
      notify.error(`Thaw failed: ${errorMessage(err)}`);
    } finally {
      setThawing(false);
    }
  };
  const freezeControls = contest?.freezeTime ? (
    <Space wrap>
      <Segmented<View>
        value={view}
        onChange={setView}
        options={[
          { value: 'live', label: 'Live' },
          { value: 'frozen', label: 'Frozen (contestants’ view)' },
        ]}
        data-testid="board-view"
      />
      {contest.frozen && (
        <Button type="primary" danger icon={<UnlockOutlined />} loading={thawing} onClick={() => void thaw()} data-testid="thaw-board">
          Thaw
        </Button>
      )}
    </Space>
  ) : null;
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
      <ContestScoreboard contestId={contestId} {...board} notice={contest ? boardNotice(contest, view) : null} extra={freezeControls} />
    </div>
  );
}
