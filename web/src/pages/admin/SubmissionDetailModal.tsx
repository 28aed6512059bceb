import { Suspense, useEffect, useRef, useState } from 'react';
import { Button, Descriptions, Modal, Spin, Table, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { errorMessage } from '../../api/client.ts';
import { adminSubmissionsApi, type RecordDetail, type RecordTest } from '../../api/adminSubmissions.ts';
import { lazyNamed } from '../../components/Deferred.tsx';
import { VerdictTag } from '../../components/VerdictTag.tsx';
import { notify } from '../../feedback.ts';
import { useInterval } from '../../lib/useInterval.ts';
import { isFinalVerdict } from '../../lib/verdict.ts';
import { t as tNow, useT } from '../../i18n/index.ts';

// The code editor loads with the first submission opened, not with the list.
const CodeEditor = lazyNamed(() => import('../../components/CodeEditor.tsx').then((m) => m.CodeEditor));

/** How often a record waiting for its verdict (after Rejudge) is read again. */
const FOLLOW_MS = 1000;

interface Props {
  recordId: number | null;
  onClose: () => void;
  onRejudged: () => void;
}

/** One submission's source, compile message and per-test results, with a Rejudge button. */
export function SubmissionDetailModal({ recordId, onClose, onRejudged }: Props) {
  const t = useT();
  const [detail, setDetail] = useState<RecordDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const [rejudging, setRejudging] = useState(false);
  const shown = useRef(recordId);
  shown.current = recordId;

  // A record waiting for its verdict (rejudged, or still being judged) is followed to it.
  const waiting = detail !== null && recordId !== null && !isFinalVerdict(detail.judgeResult);
  useInterval(
    () => {
      const id = recordId;
      if (id === null) return;
      adminSubmissionsApi.detail(id).then(
        (d) => {
          if (shown.current !== id) return;
          setDetail(d);
          if (isFinalVerdict(d.judgeResult)) onRejudged();
        },
        () => undefined, // tried again on the next tick
      );
    },
    waiting ? FOLLOW_MS : null,
  );

  useEffect(() => {
    if (recordId === null) return;
    let live = true;
    setDetail(null);
    setLoading(true);
    adminSubmissionsApi
      .detail(recordId)
      .then((d) => live && setDetail(d))
      .catch((err) => live && notify.error(tNow('submission.failed', { id: recordId, message: errorMessage(err) })))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [recordId]);

  const rejudge = async () => {
    if (recordId === null) return;
    setRejudging(true);
    try {
      const reply = await adminSubmissionsApi.rejudge(recordId);
      notify.success(t('submission.queued', { id: recordId }));
      setDetail((d) => (d ? { ...d, judgeResult: reply.judgeResult, tests: [] } : d));
      onRejudged();
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setRejudging(false);
    }
  };

  return (
    <Modal
      title={t('submission.title', { id: recordId ?? '' })}
      open={recordId !== null}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      data-testid="submission-modal"
      footer={[
        <Button key="rejudge" icon={<RedoOutlined />} loading={rejudging} disabled={!detail} onClick={rejudge} data-testid="rejudge">
          {t('submission.rejudge')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
    >
      <Spin spinning={loading}>
        {detail ? (
          <>
            <Descriptions size="small" column={3} bordered>
              <Descriptions.Item label={t('field.problem')}>{detail.problemTitle}</Descriptions.Item>
              <Descriptions.Item label={t('field.username')}>{detail.username}</Descriptions.Item>
              <Descriptions.Item label={t('field.result')}>
                <VerdictTag code={detail.judgeResult} full />
              </Descriptions.Item>
              <Descriptions.Item label={t('field.language')}>{detail.templateName || detail.language}</Descriptions.Item>
              <Descriptions.Item label={t('field.time')}>{t('common.ms', { value: detail.runTime })}</Descriptions.Item>
              <Descriptions.Item label={t('field.memory')}>{t('common.kb', { value: detail.runMemory })}</Descriptions.Item>
            </Descriptions>
            {detail.compileMessage ? (
              <pre className="compile-message" data-testid="compile-message">
                {detail.compileMessage}
              </pre>
            ) : null}
            <Typography.Title level={5} style={{ marginTop: 12 }}>
              {t('submission.source')}
            </Typography.Title>
            <Suspense fallback={<pre className="compile-message">{detail.code}</pre>}>
              <CodeEditor value={detail.code} mode={detail.editorMode} language={detail.language} readOnly minRows={10} />
            </Suspense>
            <Table<RecordTest>
              style={{ marginTop: 12 }}
              size="small"
              rowKey="name"
              data-testid="submission-tests"
              dataSource={detail.tests}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              locale={{ emptyText: t('submission.noTests') }}
              columns={[
                { title: t('submission.test'), dataIndex: 'name' },
                { title: t('field.verdict'), dataIndex: 'verdict', render: (v: string) => <VerdictTag code={v} /> },
                { title: t('field.time'), dataIndex: 'timeMs', render: (v: number) => t('common.ms', { value: v }) },
                { title: t('field.memory'), dataIndex: 'memoryKb', render: (v: number) => t('common.kb', { value: v }) },
              ]}
            />
          </>
        ) : (
          <div style={{ minHeight: 120 }} />
        )}
      </Spin>
    </Modal>
  );
}
