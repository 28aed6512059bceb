import { useState } from 'react';
import { hasRunFigures } from '../../lib/recordFigures.ts';
import { Card, Form, Input, Select, Table } from 'antd';
import { adminSubmissionsApi, type AdminRecord, type SubmissionFilter } from '../../api/adminSubmissions.ts';
import { VerdictWithScore } from '../../components/VerdictTag.tsx';
import { notify } from '../../feedback.ts';
import { isFinalVerdict, verdictInfo } from '../../lib/verdict.ts';
import { useInterval } from '../../lib/useInterval.ts';
import { pollEvery, useLiveRefresh } from '../../lib/useLiveEvents.ts';
import { useRequest } from '../../lib/useRequest.ts';
import { SearchBar } from './SearchBar.tsx';
import { SubmissionDetailModal } from './SubmissionDetailModal.tsx';
import { newestFirst } from './logic/search.ts';
import { MANAGEMENT_TABLE } from './tableProps.ts';
import { useT } from '../../i18n/index.ts';
import { withZone } from '../../lib/time.ts';

const RESULT_CODES = ['AC', 'WA', 'PE', 'TLE', 'MLE', 'RE', 'CE', 'SE', 'PD', 'JG', 'CP'];
const REFRESH_MS = 5000;

/** Every submission, newest first, read-only; a row opens its source and test results. */
export default function SubmissionManagementPage() {
  const t = useT();
  const [filter, setFilter] = useState<SubmissionFilter>({});
  const [openId, setOpenId] = useState<number | null>(null);
  const { data: records, loading, reload } = useRequest(async () => newestFirst(await adminSubmissionsApi.list(filter)), {
    initial: [] as AdminRecord[],
    onError: () => notify.error(t('submissions.failed')),
    deps: [filter],
  });
  // New submissions and verdicts arrive on the live stream; without it, refresh while any is still being judged.
  const live = useLiveRefresh(null, (e) => e.event === 'submission', () => void reload(true));
  const judging = records.some((r) => !isFinalVerdict(r.judgeResult));
  useInterval(() => void reload(true), judging ? pollEvery(live, REFRESH_MS) : null);

  return (
    <div className="page" style={{ maxWidth: 'none' }}>
      <Card title={t('submissions.title')}>
        <SearchBar<SubmissionFilter> testId="submission-search" onSearch={(v) => setFilter({ ...v })}>
          <Form.Item name="problem" label={t('field.problem')}>
            <Input allowClear placeholder={t('submissions.problemPlaceholder')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="username" label={t('field.username')}>
            <Input allowClear placeholder={t('field.username')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="result" label={t('field.result')}>
            <Select
              allowClear
              placeholder={t('submissions.any')}
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
            // Narrow screens (390 px) keep #, Problem, Username and Result: the rest from md (768 px) on.
            { title: t('field.problem'), dataIndex: 'problemTitle', width: 180, ellipsis: true },
            { title: t('field.username'), dataIndex: 'username', width: 140, ellipsis: true },
            { title: t('field.template'), dataIndex: 'templateName', width: 140, responsive: ['md'], render: (name: string, r) => name || r.language },
            { title: t('field.memory'), dataIndex: 'runMemory', width: 100, responsive: ['md'], render: (v: number | null, r: AdminRecord) => (v === null || !hasRunFigures(r.judgeResult) ? '—' : t('common.kb', { value: v })) },
            { title: t('field.time'), dataIndex: 'runTime', width: 90, responsive: ['sm'], render: (v: number | null, r: AdminRecord) => (v === null || !hasRunFigures(r.judgeResult) ? '—' : t('common.ms', { value: v })) },
            { title: withZone(t('field.judgeTime')), dataIndex: 'judgeTime', width: 170, responsive: ['md'] },
            { title: t('field.result'), dataIndex: 'judgeResult', width: 90, render: (v: string, r: AdminRecord) => <VerdictWithScore code={v} record={r} /> },
          ]}
        />
      </Card>
      <SubmissionDetailModal recordId={openId} onClose={() => setOpenId(null)} onRejudged={() => void reload(true)} />
    </div>
  );
}
