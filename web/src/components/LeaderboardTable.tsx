import { Grid, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ranksByScore, type ScoringRule } from '@verdict/shared';
import {
  findItem,
  FIRST_SOLVE_COLOR,
  firstSolveMinutes,
  formatScore,
  leaderboardCell,
  problemLetters,
  problemMaxScores,
  scoredLeaderboardCell,
  type LeaderboardRow,
} from '../lib/leaderboard.ts';
import { t, tn, useLanguage } from '../i18n/index.ts';

const tries = (n: number) => tn('board.tries', n);

/** The tooltip of a "?" cell: every try, split at the freeze (with the score before it on scored boards). */
function pendingTitle(attempts: number, pending: number, score?: string): string {
  const before = attempts - pending;
  if (!before) return t('board.pending', { tries: tries(attempts), pending });
  if (score === undefined) return t('board.pendingWithBefore', { tries: tries(attempts), before, pending });
  return t('board.pendingWithScore', { tries: tries(attempts), before, score, pending });
}

/**
 * Who a row is: the username and, under it, the nickname and affiliation when set, so that names
 * that look alike ("aIice", "alice") are told apart (issue 30, defect 3); all of it in the tooltip.
 */
function MemberName({ row }: { row: LeaderboardRow }) {
  const more = [row.nickname, row.affiliation].filter(Boolean).join(' · ');
  return (
    <div className="board-member" title={more ? `${row.userName} — ${more}` : row.userName} data-testid="board-member">
      <div className="board-member-name">{row.userName}</div>
      {more ? <div className="board-member-more">{more}</div> : null}
    </div>
  );
}

/** Whether this cell is its problem's first solve (the earliest minute of an accepted cell). */
function isFirstSolve(cell: { kind: string; minutes?: number }, firstMinute: number | undefined): boolean {
  return cell.kind === 'accepted' && firstMinute !== undefined && cell.minutes === firstMinute;
}

function Cell({ row, letter, firstMinute }: { row: LeaderboardRow; letter: string; firstMinute?: number }) {
  const cell = leaderboardCell(findItem(row, letter));
  if (cell.kind === 'empty') return <span data-cell="empty" />;
  if (cell.kind === 'pending') {
    return (
      <div data-cell="pending" className="board-cell-pending" style={{ backgroundColor: cell.color }} title={pendingTitle(cell.attempts, cell.pending)}>
        <div style={{ fontWeight: 600 }}>?</div>
        <div style={{ fontSize: 12 }}>{tries(cell.attempts)}</div>
      </div>
    );
  }
  const first = isFirstSolve(cell, firstMinute);
  return (
    <div
      data-cell={cell.kind}
      data-first={first || undefined}
      className={first ? 'board-first-solve' : undefined}
      title={first ? t('board.firstSolve') : undefined}
      style={{ background: first ? FIRST_SOLVE_COLOR : cell.color, color: '#fff', borderRadius: 4, padding: '2px 4px', lineHeight: 1.3 }}
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
function ScoredCell({ row, letter, firstMinute }: { row: LeaderboardRow; letter: string; firstMinute?: number }) {
  const cell = scoredLeaderboardCell(findItem(row, letter));
  if (cell.kind === 'empty') return <span data-cell="empty" />;
  if (cell.kind === 'pending') {
    return (
      <div
        data-cell="pending"
        className="board-cell-pending"
        style={{ backgroundColor: cell.color }}
        title={pendingTitle(cell.attempts, cell.pending, formatScore(cell.score))}
      >
        <div style={{ fontWeight: 600 }}>{cell.score === null ? '?' : `${formatScore(cell.score)} ?`}</div>
        <div style={{ fontSize: 12 }}>{tries(cell.attempts)}</div>
      </div>
    );
  }
  const first = isFirstSolve(cell, firstMinute);
  const detail =
    cell.maxScore === null
      ? t('board.scoreOnly', { score: cell.score, tries: tries(cell.attempts), minutes: cell.minutes })
      : t('board.scoreOf', { score: cell.score, max: cell.maxScore, tries: tries(cell.attempts), minutes: cell.minutes });
  return (
    <div
      data-cell={cell.kind}
      data-score={cell.score}
      data-first={first || undefined}
      className={first ? 'board-first-solve' : undefined}
      title={first ? `${detail} · ${t('board.firstSolve')}` : detail}
      style={{ background: first ? FIRST_SOLVE_COLOR : cell.color, color: '#fff', borderRadius: 4, padding: '2px 4px', lineHeight: 1.3 }}
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
  /** Problem titles by letter, shown when pointing at a column's letter. */
  problemTitles?: Record<string, string>;
  /** The viewer's username: their row is highlighted. */
  ownName?: string;
  /** A row to point at (the resolver's next one). */
  focusName?: string;
}

/** A problem column's title: its letter (the problem's title on hover) and, on scored boards, the most it scores. */
function ProblemTitle({ letter, title, maxScore }: { letter: string; title?: string; maxScore?: number }) {
  return (
    <div data-testid={`problem-column-${letter}`} title={title || undefined} style={title ? { cursor: 'help' } : undefined}>
      <div>{letter}</div>
      {maxScore === undefined ? null : <div style={{ fontSize: 11, fontWeight: 'normal' }}>{formatScore(maxScore)}</div>}
    </div>
  );
}

/** A column title with its unit on a second line (the penalty and the time are minutes). */
function WithUnit({ label, unit, testId }: { label: string; unit: string; testId: string }) {
  return (
    <div data-testid={testId}>
      <div>{label}</div>
      <div style={{ fontSize: 11, fontWeight: 'normal' }}>({unit})</div>
    </div>
  );
}

/**
 * Rank, User, AC, Penalty and one column per problem; shared by the user leaderboard and admin
 * scoreboard. IOI and OI boards: Rank, User, Score, AC (problems at full score), Time (the minute
 * a score was last set, the tie-break) and each problem's score.
 */
export function LeaderboardTable({ rows, problemCount, loading, scoringRule = 'icpc', problemTitles = {}, ownName, focusName }: Props) {
  useLanguage();
  const scored = ranksByScore(scoringRule);
  const maxScores = scored ? problemMaxScores(rows) : new Map<string, number>();
  const firstSolves = firstSolveMinutes(rows, scored);
  // A phone (390 px): narrower columns, so the first problems are on screen, and the user stays
  // in view (fixed with the rank) while the problem columns scroll sideways.
  const narrow = !Grid.useBreakpoint().sm;
  const width = (wide: number, small: number) => (narrow ? small : wide);
  const columns: ColumnsType<LeaderboardRow> = [
    { title: t('board.rank'), dataIndex: 'rank', width: width(64, 44), align: 'center', fixed: 'left' },
    { title: t('board.user'), dataIndex: 'userName', width: width(160, 100), ellipsis: { showTitle: false }, fixed: 'left', render: (_, row) => <MemberName row={row} /> },
    ...(scored
      ? [
          {
            title: t('field.score'),
            key: 'score',
            width: width(72, 56),
            align: 'center' as const,
            render: (_: unknown, row: LeaderboardRow) => (
              <strong data-testid="row-score" title={String(row.score ?? 0)}>
                {formatScore(row.score ?? 0)}
              </strong>
            ),
          },
        ]
      : []),
    { title: t('board.ac'), dataIndex: 'acNum', width: width(56, 40), align: 'center' },
    {
      title: <WithUnit label={scored ? t('field.time') : t('board.penalty')} unit={t('board.minutes')} testId="penalty-column" />,
      dataIndex: 'timePenalty',
      width: width(80, 64),
      align: 'center',
    },
    ...problemLetters(problemCount).map((letter) => ({
      title: <ProblemTitle letter={letter} title={problemTitles[letter]} maxScore={scored ? maxScores.get(letter) : undefined} />,
      key: letter,
      width: width(64, 52),
      align: 'center' as const,
      render: (_: unknown, row: LeaderboardRow) =>
        scored ? (
          <ScoredCell row={row} letter={letter} firstMinute={firstSolves.get(letter)} />
        ) : (
          <Cell row={row} letter={letter} firstMinute={firstSolves.get(letter)} />
        ),
    })),
  ];
  return (
    <Table<LeaderboardRow>
      rowKey={(row) => `${row.rank}-${row.userName}`}
      rowClassName={(row) => (focusName && row.userName === focusName ? 'board-focus-row' : ownName && row.userName === ownName ? 'board-own-row' : '')}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      size="small"
      bordered
      // On a phone the columns keep their narrow widths (a long username is cut with an ellipsis).
      scroll={{ x: narrow ? columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) : 'max-content' }}
      tableLayout={narrow ? 'fixed' : undefined}
      className={narrow ? 'board-narrow' : undefined}
    />
  );
}
