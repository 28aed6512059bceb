import { useEffect, useRef, useState } from 'react';
import { Button, Descriptions, Modal, Spin, Table, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { errorMessage } from '../../api/client.ts';
import { adminSubmissionsApi, type RecordDetail, type RecordTest } from '../../api/adminSubmissions.ts';
import { CodeEditor } from '../../components/CodeEditor.tsx';
import { VerdictTag } from '../../components/VerdictTag.tsx';
import { notify } from '../../feedback.ts';
import { useInterval } from '../../lib/useInterval.ts';
import { isFinalVerdict } from '../../lib/verdict.ts';

/** How often a record waiting for its verdict (after Rejudge) is read again. */
const FOLLOW_MS = 1000;

interface Props {
  recordId: number | null;
  onClose: () => void;
  onRejudged: () => void;
}

/** One submission's source, compile message and per-test results, with a Rejudge button. */
export function SubmissionDetailModal({ recordId, onClose, onRejudged }: Props) {
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
      .catch((err) => live && notify.error(`Failed to get submission ${recordId}: ${errorMessage(err)}`))
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
      notify.success(`Submission ${recordId} queued for rejudging`);
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
      title={`Submission ${recordId ?? ''}`}
      open={recordId !== null}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      data-testid="submission-modal"
      footer={[
        <Button key="rejudge" icon={<RedoOutlined />} loading={rejudging} disabled={!detail} onClick={rejudge} data-testid="rejudge">
          Rejudge
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      <Spin spinning={loading}>
        {detail ? (
          <>
            <Descriptions size="small" column={3} bordered>
              <Descriptions.Item label="Problem">{detail.problemTitle}</Descriptions.Item>
              <Descriptions.Item label="Username">{detail.username}</Descriptions.Item>
              <Descriptions.Item label="Result">
                <VerdictTag code={detail.judgeResult} full />
              </Descriptions.Item>
              <Descriptions.Item label="Language">{detail.templateName || detail.language}</Descriptions.Item>
              <Descriptions.Item label="Time">{detail.runTime} ms</Descriptions.Item>
              <Descriptions.Item label="Memory">{detail.runMemory} KB</Descriptions.Item>
            </Descriptions>
            {detail.compileMessage ? (
              <pre className="compile-message" data-testid="compile-message">
                {detail.compileMessage}
              </pre>
            ) : null}
            <Typography.Title level={5} style={{ marginTop: 12 }}>
              Source
            </Typography.Title>
            <CodeEditor value={detail.code} language={detail.language} readOnly minRows={10} />
            <Table<RecordTest>
              style={{ marginTop: 12 }}
              size="small"
              rowKey="name"
              data-testid="submission-tests"
              dataSource={detail.tests}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              locale={{ emptyText: 'No test results yet' }}
              columns={[
                { title: 'Test', dataIndex: 'name' },
                { title: 'Verdict', dataIndex: 'verdict', render: (v: string) => <VerdictTag code={v} /> },
                { title: 'Time', dataIndex: 'timeMs', render: (v: number) => `${v} ms` },
                { title: 'Memory', dataIndex: 'memoryKb', render: (v: number) => `${v} KB` },
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
