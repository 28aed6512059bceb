// The problem page's list of the contestant's own submissions to this problem, newest first,
// each opening the submission view (its source, compile message and tests).
import { Card, Table } from 'antd';
import { Link } from 'react-router';
import { judgeApi } from '../api/judge.ts';
import type { JudgeRecord } from '../api/types.ts';
import { useT } from '../i18n/index.ts';
import { withZone } from '../lib/time.ts';
import { urls } from '../lib/paths.ts';
import { hasRunFigures } from '../lib/recordFigures.ts';
import { useRequest } from '../lib/useRequest.ts';
import { VerdictWithScore } from './VerdictTag.tsx';

const SHOWN = 10;

interface Props {
  contestId: number;
  problemId: number;
  /** Changes when the list should be read again (a submission was made or judged). */
  version: string;
}

export function MySubmissionsList({ contestId, problemId, version }: Props) {
  const t = useT();
  const records = useRequest(() => judgeApi.myList(contestId).then((all) => all.filter((r) => r.problemId === problemId).sort((a, b) => b.id - a.id)), {
    initial: [] as JudgeRecord[],
    deps: [contestId, problemId, version],
    onError: () => undefined, // the list is a convenience: the history page has every record
  });
  return (
    <Card size="small" title={t('mySubmissions.title')} data-testid="my-submissions">
      <Table<JudgeRecord>
        rowKey="id"
        size="small"
        loading={records.loading}
        dataSource={records.data.slice(0, SHOWN)}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('mySubmissions.empty') }}
        columns={[
          {
            title: '#',
            dataIndex: 'id',
            render: (id: number) => (
              <Link to={urls.submission(id)} data-testid="my-submission-link">
                {id}
              </Link>
            ),
          },
          { title: t('field.result'), dataIndex: 'judgeResult', render: (code: string, r: JudgeRecord) => <VerdictWithScore code={code} record={r} /> },
          { title: t('field.timeMs'), dataIndex: 'runTime', render: (v: number, r: JudgeRecord) => (hasRunFigures(r.judgeResult) ? v : '—') },
          { title: t('field.memoryKb'), dataIndex: 'runMemory', render: (v: number, r: JudgeRecord) => (hasRunFigures(r.judgeResult) ? v : '—') },
          { title: withZone(t('field.judgeTime')), dataIndex: 'judgeTime' },
        ]}
      />
    </Card>
  );
}
