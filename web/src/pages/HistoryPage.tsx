import { useMemo } from 'react';
import { Button, Space, Table, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { judgeApi } from '../api/judge.ts';
import type { JudgeRecord } from '../api/types.ts';
import { toCsv, type CsvColumn } from '../lib/csv.ts';
import { saveBlob } from '../lib/download.ts';
import { useRequest } from '../lib/useRequest.ts';
import { verdictInfo } from '../lib/verdict.ts';
import { hasRunFigures } from '../lib/recordFigures.ts';
import { urls } from '../lib/paths.ts';
import { storage } from '../storage.ts';
import { notify } from '../feedback.ts';
import { VerdictWithScore } from '../components/VerdictTag.tsx';
import { useT } from '../i18n/index.ts';
import { withZone } from '../lib/time.ts';

export const HISTORY_EXPORT_NAME = 'JudgeRecords.csv';

/** The export's columns: English headers and verdict names in every language (a file for other programs). */
const CSV_COLUMNS: CsvColumn<JudgeRecord>[] = [
  { title: 'ID', value: (r) => r.id },
  { title: 'Problem', value: (r) => r.problemTitle },
  { title: 'Contest', value: (r) => r.contestId },
  { title: 'Contest Title', value: (r) => r.contestTitle ?? '' },
  { title: 'Username', value: (r) => r.username },
  { title: 'Template', value: (r) => r.templateName },
  { title: 'Judge Time', value: (r) => r.judgeTime },
  { title: 'Result', value: (r) => r.judgeResult },
  { title: 'Result Name', value: (r) => verdictInfo(r.judgeResult, 'en').name },
  // A compile error has no run time or memory (not 0 ms / 0 KB): those cells stay empty.
  { title: 'Run Time (ms)', value: (r) => (hasRunFigures(r.judgeResult) ? r.runTime : '') },
  { title: 'Run Memory (KB)', value: (r) => (hasRunFigures(r.judgeResult) ? r.runMemory : '') },
];

export default function HistoryPage() {
  const t = useT();
  const username = storage.get('username') ?? '';
  const records = useRequest(() => judgeApi.myAllList(username), {
    initial: [] as JudgeRecord[],
    onError: () => notify.error(t('history.failed')),
  });
  const rows = useMemo(() => [...records.data].sort((a, b) => b.id - a.id), [records.data]);

  const exportCsv = () => {
    saveBlob(new Blob([toCsv(rows, CSV_COLUMNS)], { type: 'text/csv;charset=utf-8' }), HISTORY_EXPORT_NAME);
  };

  return (
    <div className="page">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('nav.history')}
        </Typography.Title>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void records.reload()} loading={records.loading}>
            {t('common.refresh')}
          </Button>
          <Button type="primary" icon={<DownloadOutlined />} onClick={exportCsv} disabled={records.loading} data-testid="export-csv">
            {t('history.export')}
          </Button>
        </Space>
      </Space>
      <Table<JudgeRecord>
        rowKey="id"
        data-testid="history-table"
        loading={records.loading}
        dataSource={rows}
        size="middle"
        scroll={{ x: 'max-content', y: 620 }}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          { title: '#', dataIndex: 'id', width: 70, render: (id: number) => <Link to={urls.submission(id)}>{id}</Link> },
          // Narrow screens (390 px) keep #, Problem, Result and the action: the rest from md (768 px) on.
          { title: t('field.problem'), dataIndex: 'problemTitle', width: 180, ellipsis: true },
          {
            title: t('field.contest'),
            dataIndex: 'contestTitle',
            width: 160,
            responsive: ['md'],
            ellipsis: true,
            render: (title: string | null, r: JudgeRecord) => <span data-testid="record-contest">{title ?? (r.contestId === null ? '—' : r.contestId)}</span>,
          },
          { title: t('field.template'), dataIndex: 'templateName', width: 120, responsive: ['md'] },
          { title: withZone(t('field.judgeTime')), dataIndex: 'judgeTime', width: 170, responsive: ['md'] },
          { title: t('field.result'), dataIndex: 'judgeResult', width: 90, render: (code: string, r: JudgeRecord) => <VerdictWithScore code={code} record={r} /> },
          { title: t('field.timeMs'), dataIndex: 'runTime', width: 90, responsive: ['sm'], render: (v: number, r: JudgeRecord) => (hasRunFigures(r.judgeResult) ? v : '—') },
          { title: t('field.memoryKb'), dataIndex: 'runMemory', width: 110, responsive: ['md'], render: (v: number, r: JudgeRecord) => (hasRunFigures(r.judgeResult) ? v : '—') },
          {
            title: t('field.action'),
            key: 'view',
            width: 80,
            render: (_: unknown, r: JudgeRecord) => (
              <Link to={urls.submission(r.id)} data-testid="view-submission">
                {t('common.view')}
              </Link>
            ),
          },
        ]}
      />
    </div>
  );
}
