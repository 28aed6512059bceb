import { Button } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { boardNotice } from '../lib/contestClock.ts';
import { USER_DEFAULT_PROBLEM_COLUMNS } from '../lib/leaderboard.ts';
import { urls } from '../lib/paths.ts';
import { useContestScoreboard } from '../lib/useContestScoreboard.ts';
import { ContestScoreboard } from '../components/ContestScoreboard.tsx';
import { useT } from '../i18n/index.ts';

/** The contestant's leaderboard, refreshed every 5 s. */
export default function LeaderboardPage() {
  const navigate = useNavigate();
  const t = useT();
  const { contestId = '' } = useParams();
  const board = useContestScoreboard(contestId, {
    refreshMs: 5000,
    defaultColumns: USER_DEFAULT_PROBLEM_COLUMNS,
    problemsError: 'board.problemsFailed',
  });
  return (
    <div className="page">
      <ContestScoreboard
        contestId={contestId}
        {...board}
        notice={board.contest ? boardNotice(board.contest, 'public') : null}
        extra={<Button onClick={() => navigate(urls.contestDetails(contestId))}>{t('board.backToDetails')}</Button>}
      />
    </div>
  );
}
