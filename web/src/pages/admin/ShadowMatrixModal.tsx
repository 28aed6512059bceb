import { useEffect, useMemo, useState } from 'react';
import { Alert, Modal, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { ErrorKinds, type ApiData } from '@verdict/shared';
import { api, ApiError, errorMessage } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';

type Report = ApiData<'GET /api/shadow'>;
type Cell = Report['matrix'][number];
type Show = 'differences' | 'all';

interface Props {
  contestId: number;
  title: string;
  onClose: () => void;
}

/** Their judgement type × ours: the types of both sides, in a stable order (AC first, pending and not submitted last). */
function axis(values: string[]): string[] {
  const last = ['pending', 'not submitted'];
  return [...new Set(values)].sort((a, b) => Number(last.includes(a)) - Number(last.includes(b)) || (a === 'AC' ? -1 : b === 'AC' ? 1 : a.localeCompare(b)));
}

/**
 * Shadow mode's verdict-difference matrix (issue 28, docs/ccs-api.md Shadow mode): the shadowed
 * CCS's judgement types (rows) × Verdict's (columns), read again every 2 s while it runs; the
 * cells off the diagonal are the differences. Filtered by their type and to the differences
 * only; a cell's submissions (their id, our submission) are listed below.
 */
export function ShadowMatrixModal({ contestId, title, onClose }: Props) {
  const t = useT();
  const [report, setReport] = useState<Report | null>(null);
  const [never, setNever] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [show, setShow] = useState<Show>('differences');
  /** Their judgement type to show, '' for every one. */
  const [theirs, setTheirs] = useState('');
  const [picked, setPicked] = useState<{ theirs: string; ours: string } | null>(null);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const next = await api.get('/api/shadow', { contestId });
        if (!live) return;
        setReport(next);
        setFailure(null);
        if (next.running) timer = setTimeout(() => void load(), 2000);
      } catch (err) {
        if (!live) return;
        if (err instanceof ApiError && err.code === ErrorKinds.NOT_FOUND.code) setNever(true);
        else setFailure(errorMessage(err));
      }
    };
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [contestId]);

  const cells = useMemo(() => (report?.matrix ?? []).filter((c) => (show === 'all' || c.theirs !== c.ours) && (theirs === '' || c.theirs === theirs)), [report, show, theirs]);
  const rows = axis(cells.map((c) => c.theirs));
  const columns = axis(cells.map((c) => c.ours));
  const cellOf = (row: string, column: string): Cell | undefined => cells.find((c) => c.theirs === row && c.ours === column);
  const chosen = picked ? cellOf(picked.theirs, picked.ours) : undefined;

  return (
    <Modal open title={t('shadow.title', { title })} onCancel={onClose} footer={null} width={900}>
      <div data-testid="shadow-matrix">
      {never ? <Alert type="info" showIcon message={t('shadow.never')} data-testid="shadow-never" /> : null}
      {failure ? <Alert type="error" showIcon message={t('shadow.loadFailed', { message: failure })} /> : null}
      {report ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text data-testid="shadow-state">
            {t(report.running ? 'shadow.running' : 'shadow.stopped', { source: report.source })}{' '}
            {t('shadow.counts', { submissions: report.submissions, differences: report.differences })}
          </Typography.Text>
          {report.error ? <Alert type="warning" showIcon message={t('shadow.error', { message: report.error })} data-testid="shadow-error" /> : null}
          <Space wrap>
            <Segmented<Show>
              value={show}
              onChange={(value) => {
                setShow(value);
                setPicked(null);
              }}
              options={[
                { value: 'differences', label: t('shadow.showDifferences') },
                { value: 'all', label: t('shadow.showAll') },
              ]}
              data-testid="shadow-show"
            />
            <Select<string>
              value={theirs}
              onChange={(value) => {
                setTheirs(value);
                setPicked(null);
              }}
              style={{ minWidth: 180 }}
              options={[{ value: '', label: t('shadow.everyType') }, ...axis((report.matrix ?? []).map((c) => c.theirs)).map((v) => ({ value: v, label: t('shadow.theirType', { type: v }) }))]}
              data-testid="shadow-their-type"
            />
          </Space>
          {cells.length === 0 ? (
            <Alert type="success" showIcon message={t(show === 'differences' ? 'shadow.noDifferences' : 'shadow.empty')} data-testid="shadow-empty" />
          ) : (
            <table className="shadow-matrix" data-testid="shadow-table" style={{ borderCollapse: 'collapse' }}>
              <thead>
                <tr>
                  <th style={{ padding: '4px 8px', textAlign: 'left' }}>{t('shadow.axes')}</th>
                  {columns.map((column) => (
                    <th key={column} style={{ padding: '4px 8px' }}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row}>
                    <th style={{ padding: '4px 8px', textAlign: 'left' }}>{row}</th>
                    {columns.map((column) => {
                      const cell = cellOf(row, column);
                      return (
                        <td key={column} style={{ padding: '4px 8px', textAlign: 'center' }}>
                          {cell ? (
                            <Tag
                              color={row === column ? 'green' : 'red'}
                              style={{ cursor: 'pointer' }}
                              onClick={() => setPicked({ theirs: row, ours: column })}
                              data-testid={`shadow-cell-${row}-${column}`}
                            >
                              {cell.submissions.length}
                            </Tag>
                          ) : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {chosen ? (
            <Table
              size="small"
              rowKey="theirId"
              pagination={false}
              data-testid="shadow-submissions"
              title={() => t('shadow.cell', { theirs: chosen.theirs, ours: chosen.ours })}
              dataSource={chosen.submissions}
              columns={[
                { title: t('shadow.theirId'), dataIndex: 'theirId' },
                { title: t('shadow.ourId'), dataIndex: 'submissionId', render: (id: number | null) => id ?? '—' },
                { title: t('shadow.refused'), dataIndex: 'refused', render: (why: string | null) => why ?? '' },
              ]}
            />
          ) : null}
        </Space>
      ) : null}
      </div>
    </Modal>
  );
}
