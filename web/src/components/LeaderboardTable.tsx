import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { findItem, leaderboardCell, problemLetters, type LeaderboardRow } from '../lib/leaderboard.ts';

function Cell({ row, letter }: { row: LeaderboardRow; letter: string }) {
  const cell = leaderboardCell(findItem(row, letter));
  if (cell.kind === 'empty') return <span data-cell="empty" />;
  return (
    <div
      data-cell={cell.kind}
      style={{ background: cell.color, color: '#fff', borderRadius: 4, padding: '2px 4px', lineHeight: 1.3 }}
    >
      <div style={{ fontWeight: 600 }}>
        {cell.sign}
        {cell.attempts}
      </div>
      <div style={{ fontSize: 12 }}>{cell.minutes}</div>
    </div>
  );
}

interface Props {
  rows: LeaderboardRow[];
  /** Number of problem columns (A, B, ...); callers pass their default until the real count loads. */
  problemCount: number;
  loading?: boolean;
}

/** Rank, User, AC, Penalty and one column per problem; shared by the user leaderboard and admin scoreboard. */
export function LeaderboardTable({ rows, problemCount, loading }: Props) {
  const columns: ColumnsType<LeaderboardRow> = [
    { title: 'Rank', dataIndex: 'rank', width: 64, align: 'center', fixed: 'left' },
    { title: 'User', dataIndex: 'userName', width: 140, ellipsis: true },
    { title: 'AC', dataIndex: 'acNum', width: 56, align: 'center' },
    { title: 'Penalty', dataIndex: 'timePenalty', width: 80, align: 'center' },
    ...problemLetters(problemCount).map((letter) => ({
      title: letter,
      key: letter,
      width: 64,
      align: 'center' as const,
      render: (_: unknown, row: LeaderboardRow) => <Cell row={row} letter={letter} />,
    })),
  ];
  return (
    <Table<LeaderboardRow>
      rowKey={(row) => `${row.rank}-${row.userName}`}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      size="small"
      bordered
      scroll={{ x: 'max-content' }}
    />
  );
}
