import { useState } from 'react';
import { Button, Segmented, Space } from 'antd';
import { ArrowLeftOutlined, DiffOutlined, DownloadOutlined, HomeOutlined, TrophyOutlined, UnlockOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { adminContestsApi } from '../../api/adminContests.ts';
import { errorMessage } from '../../api/client.ts';
import { boardNotice } from '../../lib/contestClock.ts';
import { saveBlob } from '../../lib/download.ts';
import { ADMIN_DEFAULT_PROBLEM_COLUMNS } from '../../lib/leaderboard.ts';
import { paths } from '../../lib/paths.ts';
import { useContestScoreboard } from '../../lib/useContestScoreboard.ts';
import { confirmDialog, notify } from '../../feedback.ts';
import { ContestScoreboard } from '../../components/ContestScoreboard.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { useT } from '../../i18n/index.ts';
import { ResolverModal } from './ResolverModal.tsx';
import { ShadowMatrixModal } from './ShadowMatrixModal.tsx';

type View = 'live' | 'frozen';

/** The admin scoreboard of one contest, refreshed every 2 s (spec §4, §9); live or frozen, and the thaw. */
export default function AdminContestDetailPage() {
  const navigate = useNavigate();
  const t = useT();
  const { contestId = '' } = useParams();
  const [view, setView] = useState<View>('live');
  const [thawing, setThawing] = useState(false);
  const [resolving, setResolving] = useState(false);
  const [shadowing, setShadowing] = useState(false);
  const board = useContestScoreboard(contestId, {
    refreshMs: 2000,
    defaultColumns: ADMIN_DEFAULT_PROBLEM_COLUMNS,
    problemsError: 'board.adminProblemsFailed',
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
    if (!contest || !(await confirmDialog({ title: t('scoreboard.thawQuestion'), content: t('scoreboard.thawWarning') }))) return;
    setThawing(true);
    try {
      await adminContestsApi.thaw(contest.id);
      notify.success(t('scoreboard.thawed'));
      setView('live');
      await Promise.all([board.reloadContest(), board.reloadRows(true)]);
    } catch (err) {
      notify.error(t('scoreboard.thawFailed', { message: errorMessage(err) }));
    } finally {
      setThawing(false);
    }
  };
  const [exporting, setExporting] = useState(false);
  const exportPackage = async () => {
    if (!contest) return;
    setExporting(true);
    try {
      saveBlob(await adminContestsApi.contestPackage(contest.id), `contest-${contest.id}.zip`);
    } catch (err) {
      notify.error(t('contestPackage.failed', { message: errorMessage(err) }));
    } finally {
      setExporting(false);
    }
  };
  const freezeControls = contest?.freezeTime ? (
    <Space wrap>
      <Segmented<View>
        value={view}
        onChange={setView}
        options={[
          { value: 'live', label: t('scoreboard.live') },
          { value: 'frozen', label: t('scoreboard.frozen') },
        ]}
        data-testid="board-view"
      />
      {contest.frozen && (
        <Button type="primary" danger icon={<UnlockOutlined />} loading={thawing} onClick={() => void thaw()} data-testid="thaw-board">
          {t('scoreboard.thaw')}
        </Button>
      )}
      <Button icon={<TrophyOutlined />} onClick={() => setResolving(true)} data-testid="open-resolver">
        {t('resolver.open')}
      </Button>
    </Space>
  ) : null;
  return (
    <div className="page">
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space>
          <Button icon={<HomeOutlined />} onClick={() => navigate(paths.adminNav)} data-testid="board-home">
            {t('common.home')}
          </Button>
          <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="board-back">
            {t('common.back')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting} disabled={!contest} onClick={() => void exportPackage()} data-testid="export-package">
            {t('contestPackage.export')}
          </Button>
          <Button icon={<DiffOutlined />} disabled={!contest} onClick={() => setShadowing(true)} data-testid="open-shadow">
            {t('shadow.open')}
          </Button>
        </Space>
        <LanguageSwitch />
      </Space>
      <ContestScoreboard contestId={contestId} {...board} notice={contest ? boardNotice(contest, view) : null} extra={freezeControls} />
      {shadowing && contest ? <ShadowMatrixModal contestId={contest.id} title={contest.title} onClose={() => setShadowing(false)} /> : null}
      {resolving && contest ? <ResolverModal contest={contest} problemCount={board.problemCount} onClose={() => setResolving(false)} /> : null}
    </div>
  );
}
