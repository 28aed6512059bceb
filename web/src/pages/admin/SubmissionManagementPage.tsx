import { useState } from 'react';
import { Card, Form, Input, Select, Table } from 'antd';
import { adminSubmissionsApi, type AdminRecord, type SubmissionFilter } from '../../api/adminSubmissions.ts';
import { VerdictWithScore } from '../../components/VerdictTag.tsx';
import { notify } from '../../feedback.ts';
import { isFinalVerdict, verdictInfo } from '../../lib/verdict.ts';
import { useInterval } from '../../lib/useInterval.ts';
import { useRequest } from '../../lib/useRequest.ts';
import { SearchBar } from './SearchBar.tsx';
import { SubmissionDetailModal } from './SubmissionDetailModal.tsx';
import { newestFirst } from './logic/search.ts';
import { MANAGEMENT_TABLE } from './tableProps.ts';

const RESULT_CODES = ['AC', 'WA', 'PE', 'TLE', 'MLE', 'RE', 'CE', 'SE', 'PD', 'JG', 'CP'];
const REFRESH_MS = 5000;

/** Every submission, newest first, read-only; a row opens its source and test results. */
export default function SubmissionManagementPage() {
  const [filter, setFilter] = useState<SubmissionFilter>({});
  const [openId, setOpenId] = useState<number | null>(null);
  const { data: records, loading, reload } = useRequest(async () => newestFirst(await adminSubmissionsApi.list(filter)), {
    initial: [] as AdminRecord[],
    onError: () => notify.error('Failed to get submission list data'),
    deps: [filter],
  });
  // Pending submissions change on their own: refresh while any is still being judged.
  const judging = records.some((r) => !isFinalVerdict(r.judgeResult));
  useInterval(() => void reload(true), judging ? REFRESH_MS : null);

  return (
    <div className="page" style={{ maxWidth: 'none' }}>
      <Card title="Submission Management">
        <SearchBar<SubmissionFilter> testId="submission-search" onSearch={(v) => setFilter({ ...v })}>
          <Form.Item name="problem" label="Problem">
            <Input allowClear placeholder="ID or title" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="username" label="Username">
            <Input allowClear placeholder="Username" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="result" label="Result">
            <Select
              allowClear
              placeholder="Any"
              style={{ width: 180 }}
              options={RESULT_CODES.map((code) => ({ value: code, label: `${code} ${verdictInfo(code).name}` }))}
            />
          </Form.Item>
        </SearchBar>
        <Table<AdminRecord>
          style={{ marginTop: 12 }}
          rowKey="id"
          data-testid="submission-table"
          loading={loading}
          dataSource={records}
          {...MANAGEMENT_TABLE}
          onRow={(r) => ({ onClick: () => setOpenId(r.id), style: { cursor: 'pointer' }, 'data-testid': `submission-row-${r.id}` } as object)}
          columns={[
            { title: '#', dataIndex: 'id', width: 70 },
            { title: 'Problem', dataIndex: 'problemTitle', ellipsis: true },
            { title: 'Username', dataIndex: 'username', width: 140 },
            { title: 'Template', dataIndex: 'templateName', width: 140, render: (t: string, r) => t || r.language },
            { title: 'Memory', dataIndex: 'runMemory', width: 100, render: (v: number | null) => (v === null ? '' : `${v} KB`) },
            { title: 'Time', dataIndex: 'runTime', width: 90, render: (v: number | null) => (v === null ? '' : `${v} ms`) },
            { title: 'Judge Time', dataIndex: 'judgeTime', width: 170 },
            { title: 'Result', dataIndex: 'judgeResult', width: 90, render: (v: string, r: AdminRecord) => <VerdictWithScore code={v} record={r} /> },
          ]}
        />
      </Card>
      <SubmissionDetailModal recordId={openId} onClose={() => setOpenId(null)} onRejudged={() => void reload(true)} />
    </div>
  );
}
