import type { ReactNode } from 'react';
import { Card, Descriptions, Progress, Result, Space, Typography } from 'antd';
import type { Contest, LeaderboardRow } from '../api/types.ts';
import { LeaderboardTable } from './LeaderboardTable.tsx';

interface Props {
  contestId: string;
  contest: Contest | null;
  rows: LeaderboardRow[];
  problemCount: number;
  loading: boolean;
  percent: number;
  /** The server's reason for refusing the board; shown instead of an empty table. */
  refusal?: string | null;
  /** Buttons beside the title. */
  extra?: ReactNode;
}

/** Title, start and end times, elapsed-time progress and the ICPC table of one contest. */
export function ContestScoreboard({ contestId, contest, rows, problemCount, loading, percent, refusal, extra }: Props) {
  return (
    <>
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="board-title">
            {contest?.title ?? `Contest ${contestId}`}
          </Typography.Title>
          {extra}
        </Space>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" style={{ marginTop: 8 }}>
          <Descriptions.Item label="Start Time">{contest?.startTime}</Descriptions.Item>
          <Descriptions.Item label="End Time">{contest?.endTime}</Descriptions.Item>
        </Descriptions>
        <Progress percent={percent} data-testid="board-progress" status={percent >= 100 ? 'success' : 'active'} />
      </Card>
      <div style={{ marginTop: 16 }} data-testid="leaderboard">
        {refusal ? (
          <div data-testid="board-refusal">
            <Result status="warning" title={refusal} />
          </div>
        ) : (
          <LeaderboardTable rows={rows} problemCount={problemCount} loading={loading} />
        )}
      </div>
    </>
  );
}
