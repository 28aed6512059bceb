import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ranksByScore, type ScoringRule } from '@verdict/shared';
import {
  findItem,
  formatScore,
  leaderboardCell,
  problemLetters,
  problemMaxScores,
  scoredLeaderboardCell,
  type LeaderboardRow,
} from '../lib/leaderboard.ts';

const tries = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'}`;

function Cell({ row, letter }: { row: LeaderboardRow; letter: string }) {
  const cell = leaderboardCell(findItem(row, letter));
  if (cell.kind === 'empty') return <span data-cell="empty" />;
  if (cell.kind === 'pending') {
    const before = cell.attempts - cell.pending;
    return (
      <div
        data-cell="pending"
        className="board-cell-pending"
        style={{ backgroundColor: cell.color }}
        title={`${cell.attempts} ${cell.attempts === 1 ? 'try' : 'tries'}: ${before ? `${before} before the freeze, ` : ''}${cell.pending} after it (results hidden)`}
      >
        <div style={{ fontWeight: 600 }}>?</div>
        <div style={{ fontSize: 12 }}>
          {cell.attempts} {cell.attempts === 1 ? 'try' : 'tries'}
        </div>
      </div>
    );
  }
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

/** IOI and OI: the problem's score (and the minute it was set), gold when partial; "?" while frozen. */
function ScoredCell({ row, letter }: { row: LeaderboardRow; letter: string }) {
  const cell = scoredLeaderboardCell(findItem(row, letter));
  if (cell.kind === 'empty') return <span data-cell="empty" />;
  if (cell.kind === 'pending') {
    const before = cell.attempts - cell.pending;
    return (
      <div
        data-cell="pending"
        className="board-cell-pending"
        style={{ backgroundColor: cell.color }}
        title={`${tries(cell.attempts)}: ${before ? `${before} before the freeze (score ${formatScore(cell.score)}), ` : ''}${cell.pending} after it (results hidden)`}
      >
        <div style={{ fontWeight: 600 }}>{cell.score === null ? '?' : `${formatScore(cell.score)} ?`}</div>
        <div style={{ fontSize: 12 }}>{tries(cell.attempts)}</div>
      </div>
    );
  }
  return (
    <div
      data-cell={cell.kind}
      data-score={cell.score}
      title={`${cell.score}${cell.maxScore === null ? '' : ` of ${cell.maxScore}`} points after ${tries(cell.attempts)}, set at minute ${cell.minutes}`}
      style={{ background: cell.color, color: '#fff', borderRadius: 4, padding: '2px 4px', lineHeight: 1.3 }}
    >
      <div style={{ fontWeight: 600 }}>{formatScore(cell.score)}</div>
      <div style={{ fontSize: 12 }}>{cell.minutes}</div>
    </div>
  );
}

interface Props {
  rows: LeaderboardRow[];
  /** Number of problem columns (A, B, ...); callers pass their default until the real count loads. */
  problemCount: number;
  loading?: boolean;
  /** The contest's rule: IOI and OI boards show scores; ICPC (and a contest not loaded yet) the spec's columns. */
  scoringRule?: ScoringRule;
}

/** The column title of a problem on a scored board: its letter and the most it scores. */
function scoredTitle(letter: string, maxScore: number | undefined) {
  return (
    <div data-testid={`problem-column-${letter}`}>
      <div>{letter}</div>
      {maxScore === undefined ? null : <div style={{ fontSize: 11, fontWeight: 'normal' }}>{formatScore(maxScore)}</div>}
    </div>
  );
}

/**
 * Rank, User, AC, Penalty and one column per problem; shared by the user leaderboard and admin
 * scoreboard. IOI and OI boards: Rank, User, Score, AC (problems at full score), Time (the minute
 * a score was last set, the tie-break) and each problem's score.
 */
export function LeaderboardTable({ rows, problemCount, loading, scoringRule = 'icpc' }: Props) {
  const scored = ranksByScore(scoringRule);
  const maxScores = scored ? problemMaxScores(rows) : new Map<string, number>();
  const columns: ColumnsType<LeaderboardRow> = [
    { title: 'Rank', dataIndex: 'rank', width: 64, align: 'center', fixed: 'left' },
    { title: 'User', dataIndex: 'userName', width: 140, ellipsis: true },
    ...(scored
      ? [
          {
            title: 'Score',
            key: 'score',
            width: 72,
            align: 'center' as const,
            render: (_: unknown, row: LeaderboardRow) => (
              <strong data-testid="row-score" title={String(row.score ?? 0)}>
                {formatScore(row.score ?? 0)}
              </strong>
            ),
          },
        ]
      : []),
    { title: 'AC', dataIndex: 'acNum', width: 56, align: 'center' },
    { title: scored ? 'Time' : 'Penalty', dataIndex: 'timePenalty', width: 80, align: 'center' },
    ...problemLetters(problemCount).map((letter) => ({
      title: scored ? scoredTitle(letter, maxScores.get(letter)) : letter,
      key: letter,
      width: 64,
      align: 'center' as const,
      render: (_: unknown, row: LeaderboardRow) => (scored ? <ScoredCell row={row} letter={letter} /> : <Cell row={row} letter={letter} />),
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
