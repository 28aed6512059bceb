import { useRef, useState } from 'react';
import { Alert, Button, Modal, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { adminContestsApi } from '../../api/adminContests.ts';
import { errorMessage } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';

interface Props {
  /** After a contest was set up: the list is read again. */
  onImported: () => void;
}

type Outcome = { ok: true; contestId: number; log: string[] } | { ok: false; message: string };

/**
 * Import contest package (issue 28, docs/ccs-api.md Contest packages): the administrator picks a
 * Contest Package zip (DOMjudge's, or one Verdict exported); the server sets the contest up, or
 * refuses by name what it cannot set up, creating nothing; what it did is shown.
 */
export function ContestPackageImport({ onImported }: Props) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const reply = await adminContestsApi.importPackage(file);
      setOutcome({ ok: true, contestId: reply.contestId, log: reply.log });
      onImported();
    } catch (err) {
      setOutcome({ ok: false, message: errorMessage(err) });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="admin-toolbar" style={{ marginTop: 8 }}>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        style={{ display: 'none' }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
        data-testid="import-package-file"
      />
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()} data-testid="import-package">
        {t('contestPackage.import')}
      </Button>
      {outcome ? (
        <Modal open title={t('contestPackage.import')} onCancel={() => setOutcome(null)} onOk={() => setOutcome(null)} cancelButtonProps={{ style: { display: 'none' } }}>
          <div data-testid="import-package-result">
            {outcome.ok ? (
              <>
                <Alert type="success" showIcon message={t('contestPackage.imported', { id: outcome.contestId })} />
                <Typography.Paragraph style={{ marginTop: 12 }}>
                  <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{outcome.log.join('\n')}</pre>
                </Typography.Paragraph>
              </>
            ) : (
              <Alert type="error" showIcon message={t('contestPackage.importFailed', { message: outcome.message })} />
            )}
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
