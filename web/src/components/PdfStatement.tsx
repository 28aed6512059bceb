// The statement of a problem whose package has only a PDF: shown in the page by the browser's
// own viewer, with a button to open it in a tab of its own. The PDF comes from the same endpoint
// as the Download button (a POST, so it is fetched and shown from a blob).
import { useEffect, useState } from 'react';
import { Alert, Button, Space, Spin } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { judgeApi } from '../api/judge.ts';
import { errorMessage } from '../api/client.ts';
import { useT } from '../i18n/index.ts';

export function PdfStatement({ problemId, title }: { problemId: number; title: string }) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let shown: string | null = null;
    let stale = false;
    setUrl(null);
    setError(null);
    judgeApi.downloadPdf(problemId).then(
      (blob) => {
        if (stale) return;
        shown = URL.createObjectURL(blob);
        setUrl(shown);
      },
      (err: unknown) => {
        if (!stale) setError(errorMessage(err));
      },
    );
    return () => {
      stale = true;
      if (shown) URL.revokeObjectURL(shown);
    };
  }, [problemId]);

  if (error) return <Alert type="error" showIcon message={t('problem.pdfStatementFailed')} description={error} data-testid="pdf-statement-error" />;
  if (!url) return <Spin data-testid="pdf-statement-loading" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        message={t('problem.pdfStatement')}
        action={
          <Button size="small" icon={<ExportOutlined />} href={url} target="_blank" rel="noopener" data-testid="open-pdf">
            {t('problem.openPdf')}
          </Button>
        }
      />
      <iframe src={url} title={t('problem.pdfStatementOf', { title })} style={{ width: '100%', height: '75vh', border: 0 }} data-testid="pdf-statement" />
    </Space>
  );
}
