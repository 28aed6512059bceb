import { useState } from 'react';
import { Modal, Typography, Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { errorMessage } from '../../api/client.ts';
import { adminProblemsApi, type AdminProblem } from '../../api/adminProblems.ts';
import { notify } from '../../feedback.ts';
import { ADMIN_MESSAGES } from './logic/messages.ts';
import { keepLast, uploadRefusal } from './logic/upload.ts';
import { useT } from '../../i18n/index.ts';

interface Props {
  problem: AdminProblem | null;
  onClose: () => void;
  onUploaded: () => void;
}

/**
 * Problem data upload (spec §4, §5): a zip drag area keeping only the last file; the modal
 * closes as soon as the upload starts and a message reports how it ended.
 */
export function UploadDataModal({ problem, onClose, onUploaded }: Props) {
  const t = useT();
  const [files, setFiles] = useState<UploadFile[]>([]);

  const close = () => {
    setFiles([]);
    onClose();
  };

  const confirm = () => {
    const file = files[0]?.originFileObj ?? null;
    const refusal = uploadRefusal(file);
    if (refusal || !file || !problem) {
      notify.error(refusal ?? ADMIN_MESSAGES.uploadNone);
      return;
    }
    close();
    adminProblemsApi.upload(problem.id, file).then(
      (reply) => {
        notify.success(t('upload.done', { title: problem.title, version: reply.version, tests: reply.tests }));
        onUploaded();
      },
      (err) => notify.error(t('upload.failed', { message: errorMessage(err) })),
    );
  };

  return (
    <Modal
      title={problem ? t('upload.titleOf', { title: problem.title }) : t('upload.title')}
      open={problem !== null}
      onCancel={close}
      onOk={confirm}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'upload-modal-ok' }}
      data-testid="upload-modal"
    >
      <Upload.Dragger
        accept=".zip,application/zip"
        multiple={false}
        fileList={files}
        beforeUpload={(file) => {
          const refusal = uploadRefusal(file);
          if (refusal) {
            notify.error(refusal);
            return Upload.LIST_IGNORE;
          }
          return false;
        }}
        onChange={({ fileList }) => setFiles(keepLast(fileList))}
        onRemove={() => setFiles([])}
        data-testid="upload-dragger"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('upload.drag')}</p>
        <Typography.Text type="secondary">{t('upload.hint')}</Typography.Text>
      </Upload.Dragger>
    </Modal>
  );
}
