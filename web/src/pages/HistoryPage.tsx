import { useMemo } from 'react';
import { Button, Space, Table, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { judgeApi } from '../api/judge.ts';
import type { JudgeRecord } from '../api/types.ts';
import { toCsv, type CsvColumn } from '../lib/csv.ts';
import { saveBlob } from '../lib/download.ts';
import { useRequest } from '../lib/useRequest.ts';
import { verdictInfo } from '../lib/verdict.ts';
import { storage } from '../storage.ts';
import { notify } from '../feedback.ts';
import { VerdictWithScore } from '../components/VerdictTag.tsx';

export const HISTORY_EXPORT_NAME = 'JudgeRecords.csv';

const CSV_COLUMNS: CsvColumn<JudgeRecord>[] = [
  { title: 'ID', value: (r) => r.id },
  { title: 'Problem', value: (r) => r.problemTitle },
  { title: 'Contest', value: (r) => r.contestId },
  { title: 'Username', value: (r) => r.username },
  { title: 'Template', value: (r) => r.templateName },
  { title: 'Judge Time', value: (r) => r.judgeTime },
  { title: 'Result', value: (r) => r.judgeResult },
  { title: 'Result Name', value: (r) => verdictInfo(r.judgeResult).name },
  { title: 'Run Time (ms)', value: (r) => r.runTime },
  { title: 'Run Memory (KB)', value: (r) => r.runMemory },
];

export default function HistoryPage() {
  const username = storage.get('username') ?? '';
  const records = useRequest(() => judgeApi.myAllList(username), {
    initial: [] as JudgeRecord[],
    onError: () => notify.error('Failed to get judge records'),
  });
  const rows = useMemo(() => [...records.data].sort((a, b) => b.id - a.id), [records.data]);

  const exportCsv = () => {
    saveBlob(new Blob([toCsv(rows, CSV_COLUMNS)], { type: 'text/csv;charset=utf-8' }), HISTORY_EXPORT_NAME);
  };

  return (
    <div className="page">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Judge Records
        </Typography.Title>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void records.reload()} loading={records.loading}>
            Refresh
          </Button>
          <Button type="primary" icon={<DownloadOutlined />} onClick={exportCsv} disabled={records.loading} data-testid="export-csv">
            Export CSV
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
          { title: '#', dataIndex: 'id', width: 70 },
          { title: 'Problem', dataIndex: 'problemTitle', ellipsis: true },
          { title: 'Contest', dataIndex: 'contestId', width: 80 },
          { title: 'Template', dataIndex: 'templateName', width: 120 },
          { title: 'Judge Time', dataIndex: 'judgeTime', width: 170 },
          { title: 'Result', dataIndex: 'judgeResult', width: 90, render: (code: string, r: JudgeRecord) => <VerdictWithScore code={code} record={r} /> },
          { title: 'Time (ms)', dataIndex: 'runTime', width: 90 },
          { title: 'Memory (KB)', dataIndex: 'runMemory', width: 110 },
        ]}
      />
    </div>
  );
}
