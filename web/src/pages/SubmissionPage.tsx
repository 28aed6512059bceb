// One of the contestant's own submissions (issue 17): its source (read-only, highlighted; a
// submission of several files as tabs), language, verdict, time and memory, compile message and
// the result of each test as far as the judge ran them (ICPC: up to the first failure). The
// server answers for the owner only (and administrators); a record still being judged is read
// again until its verdict.
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Space, Spin, Table, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined, CopyOutlined, FileTextOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import type { ApiData } from '@verdict/shared';
import { judgeApi } from '../api/judge.ts';
import { errorMessage } from '../api/client.ts';
import { CodeEditor } from '../components/CodeEditor.tsx';
import { VerdictTag, VerdictWithScore } from '../components/VerdictTag.tsx';
import { notify } from '../feedback.ts';
import { useT } from '../i18n/index.ts';
import { withZone } from '../lib/time.ts';
import { copyText } from '../lib/clipboard.ts';
import { paths, urls } from '../lib/paths.ts';
import { hasRunFigures } from '../lib/recordFigures.ts';
import { useInterval } from '../lib/useInterval.ts';
import { useRequest } from '../lib/useRequest.ts';
import { isFinalVerdict } from '../lib/verdict.ts';

type RecordDetail = ApiData<'GET /api/JudgeRecord/detail'>;
type TestRow = RecordDetail['tests'][number];
type GroupRow = NonNullable<RecordDetail['groups']>[number];

/** How often a record still being judged is read again. */
const FOLLOW_MS = 1500;

export default function SubmissionPage() {
  const t = useT();
  const navigate = useNavigate();
  const { submissionId = '' } = useParams();
  const id = /^\d+$/.test(submissionId) ? Number(submissionId) : null;
  const [error, setError] = useState<string | null>(null);
  const record = useRequest<RecordDetail | null>(() => (id === null ? Promise.resolve(null) : judgeApi.recordDetail(id)), {
    initial: null,
    deps: [id],
    onError: (err) => {
      const message = errorMessage(err);
      setError(message);
      notify.error(t('submissionView.failed', { id: submissionId, message }));
    },
  });
  const detail = record.data;
  const judging = detail !== null && !isFinalVerdict(detail.judgeResult);
  useInterval(() => void record.reload(true), judging ? FOLLOW_MS : null);

  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.history));
  const header = (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="submission-title">
        {t('submissionView.title', { id: submissionId })}
      </Typography.Title>
      <Space wrap>
        {detail?.contestId ? (
          <Button icon={<FileTextOutlined />} onClick={() => navigate(urls.problemPage(detail.problemId, detail.contestId))} data-testid="open-problem">
            {t('submissionView.openProblem')}
          </Button>
        ) : null}
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          {t('common.back')}
        </Button>
      </Space>
    </Space>
  );

  if (!detail) {
    return (
      <div className="page">
        {header}
        <Spin spinning={record.loading}>
          {record.loading ? <div style={{ minHeight: 160 }} /> : <Empty description={error ?? t('submissionView.failed', { id: submissionId, message: '' })} />}
        </Spin>
      </div>
    );
  }

  const measured = hasRunFigures(detail.judgeResult);
  const sources = detail.files ?? [{ name: '', content: detail.code }];
  const copy = async (text: string) => {
    if (await copyText(text)) notify.success(t('statement.copied'));
    else notify.error(t('statement.copyFailed'));
  };

  return (
    <div className="page" data-testid="submission-view">
      {header}
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} data-testid="submission-summary">
        <Descriptions.Item label={t('field.problem')}>{detail.problemTitle}</Descriptions.Item>
        <Descriptions.Item label={t('field.contest')}>
          <span data-testid="submission-contest">{detail.contestTitle ?? t('submissionView.practice')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.language')}>
          <span data-testid="submission-language">{detail.languageName}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.verdict')}>
          <span data-testid="submission-verdict">
            {detail.score !== null ? <VerdictWithScore code={detail.judgeResult} record={detail} /> : <VerdictTag code={detail.judgeResult} full />}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.time')}>
          <span data-testid="submission-time">{measured ? t('common.ms', { value: detail.runTime }) : '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.memory')}>
          <span data-testid="submission-memory">{measured ? t('common.kb', { value: detail.runMemory }) : '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={withZone(t('field.judgeTime'))}>{detail.judgeTime}</Descriptions.Item>
      </Descriptions>

      {judging ? <Alert style={{ marginTop: 12 }} type="info" showIcon message={t('submissionView.waiting')} /> : null}

      {detail.compileMessage ? (
        <Card size="small" title={t('submissionView.compileMessage')} style={{ marginTop: 12 }}>
          <pre className="compile-message" data-testid="compile-message" style={{ whiteSpace: 'pre-wrap', maxHeight: 320, overflow: 'auto', margin: 0 }}>
            {detail.compileMessage}
          </pre>
        </Card>
      ) : null}

      <Card size="small" title={t('submission.source')} style={{ marginTop: 12 }} data-testid="submission-source">
        {sources.length === 1 ? (
          <>
            <SourceActions onCopy={() => copy(sources[0].content)} />
            <CodeEditor value={sources[0].content} mode={detail.editorMode} readOnly minRows={10} />
          </>
        ) : (
          <Tabs
            data-testid="submission-files"
            items={sources.map((file) => ({
              key: file.name,
              label: file.name,
              children: (
                <>
                  <SourceActions onCopy={() => copy(file.content)} />
                  <CodeEditor value={file.content} mode={detail.editorMode} readOnly minRows={10} />
                </>
              ),
            }))}
          />
        )}
      </Card>

      <Card size="small" title={t('submissionView.tests')} style={{ marginTop: 12 }}>
        {detail.groups ? (
          <Table<GroupRow>
            size="small"
            rowKey="name"
            data-testid="submission-groups"
            dataSource={detail.groups}
            pagination={false}
            style={{ marginBottom: 12 }}
            columns={[
              { title: t('submissionView.groups'), dataIndex: 'name' },
              { title: t('field.verdict'), dataIndex: 'verdict', render: (v: string) => <VerdictTag code={v} /> },
              { title: t('field.score'), key: 'score', render: (_: unknown, g: GroupRow) => `${g.score} / ${g.maxScore}` },
            ]}
          />
        ) : null}
        {detail.judgeResult === 'CE' ? (
          <Typography.Text type="secondary" data-testid="no-tests">
            {t('submissionView.notCompiled')}
          </Typography.Text>
        ) : (
          <>
            {!detail.groups && detail.tests.length > 0 ? (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                {t(detail.allTests ? 'submissionView.allTests' : 'submissionView.firstFailure')}
              </Typography.Paragraph>
            ) : null}
            <Table<TestRow & { index: number }>
              size="small"
              rowKey="index"
              data-testid="submission-tests"
              dataSource={detail.tests.map((test, index) => ({ ...test, index: index + 1 }))}
              pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
              locale={{ emptyText: t('submission.noTests') }}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: '#', dataIndex: 'index', width: 60 },
                { title: t('submission.test'), dataIndex: 'name' },
                { title: t('field.verdict'), dataIndex: 'verdict', render: (v: string) => <VerdictTag code={v} /> },
                { title: t('field.time'), dataIndex: 'timeMs', render: (v: number) => t('common.ms', { value: v }) },
                { title: t('field.memory'), dataIndex: 'memoryKb', render: (v: number) => t('common.kb', { value: v }) },
              ]}
            />
          </>
        )}
      </Card>
    </div>
  );
}

function SourceActions({ onCopy }: { onCopy: () => void }) {
  const t = useT();
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 6 }}>
      <Button size="small" icon={<CopyOutlined />} onClick={onCopy} data-testid="copy-code">
        {t('submissionView.copyCode')}
      </Button>
    </div>
  );
}
