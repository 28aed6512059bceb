import type { ReactNode } from 'react';
import { Alert, Card, Descriptions, Progress, Result, Space, Typography } from 'antd';
import type { Contest, LeaderboardRow } from '../api/types.ts';
import type { BoardNotice } from '../lib/contestClock.ts';
import { ContestCountdown } from './ContestCountdown.tsx';
import { LeaderboardTable } from './LeaderboardTable.tsx';
import { useT } from '../i18n/index.ts';
import { withZone } from '../lib/time.ts';
import { storage } from '../storage.ts';

const NOTICE_TYPES = { frozen: 'info', live: 'warning', thawed: 'success' } as const;

interface Props {
  contestId: string;
  contest: Contest | null;
  rows: LeaderboardRow[];
  problemCount: number;
  /** Problem titles by column letter, shown on the letters. */
  problemTitles?: Record<string, string>;
  loading: boolean;
  percent: number;
  /** The server's reason for refusing the board; shown instead of an empty table. */
  refusal?: string | null;
  /** Buttons beside the title. */
  extra?: ReactNode;
  /** The freeze banner above the table (lib/contestClock.ts boardNotice). */
  notice?: BoardNotice;
}

/** Title, start and end times, scoring rule, countdown, elapsed-time progress, the freeze banner and the table of one contest. */
export function ContestScoreboard({ contestId, contest, rows, problemCount, problemTitles, loading, percent, refusal, extra, notice }: Props) {
  const t = useT();
  return (
    <>
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="board-title">
            {contest?.title ?? t('board.title', { id: contestId })}
          </Typography.Title>
          {extra}
        </Space>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" style={{ marginTop: 8 }}>
          <Descriptions.Item label={withZone(t('field.startTime'))}>{contest?.startTime}</Descriptions.Item>
          <Descriptions.Item label={withZone(t('field.endTime'))}>{contest?.endTime}</Descriptions.Item>
          {contest ? (
            <Descriptions.Item label={t('contestDetails.scoring')}>
              <span data-testid="board-scoring-rule" data-rule={contest.scoringRule}>
                {t(`scoring.${contest.scoringRule}`)}
              </span>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
        <ContestCountdown startTime={contest?.startTime} endTime={contest?.endTime} />
        <Progress percent={percent} aria-label={t('board.elapsed')} data-testid="board-progress" status={percent >= 100 ? 'success' : 'active'} />
      </Card>
      {notice && !refusal && (
        <Alert
          style={{ marginTop: 16 }}
          type={NOTICE_TYPES[notice.kind]}
          showIcon
          message={notice.text}
          data-testid="board-notice"
          data-notice={notice.kind}
        />
      )}
      <div style={{ marginTop: 16 }} data-testid="leaderboard">
        {refusal ? (
          <div data-testid="board-refusal">
            <Result status="warning" title={refusal} />
          </div>
        ) : (
          <LeaderboardTable
            rows={rows}
            problemCount={problemCount}
            problemTitles={problemTitles}
            loading={loading}
            scoringRule={contest?.scoringRule}
            ownName={storage.get('username') ?? undefined}
          />
        )}
      </div>
    </>
  );
}
