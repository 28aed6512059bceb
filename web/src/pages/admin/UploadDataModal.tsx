import { useState } from 'react';
import { Modal, Typography, Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { errorMessage } from '../../api/client.ts';
import { adminProblemsApi, type AdminProblem } from '../../api/adminProblems.ts';
import { notify } from '../../feedback.ts';
import { ADMIN_MESSAGES } from './logic/messages.ts';
import { keepLast, uploadRefusal } from './logic/upload.ts';

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
        notify.success(`${ADMIN_MESSAGES.uploadOk}: ${problem.title}, version ${reply.version}, ${reply.tests} tests`);
        onUploaded();
      },
      (err) => notify.error(`${ADMIN_MESSAGES.uploadFailed}: ${errorMessage(err)}`),
    );
  };

  return (
    <Modal
      title={`Upload data file${problem ? `: ${problem.title}` : ''}`}
      open={problem !== null}
      onCancel={close}
      onOk={confirm}
      okText="Confirm"
      cancelText="Cancel"
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
        <p className="ant-upload-text">Click or drag a zip file to this area</p>
        <Typography.Text type="secondary">
          A Kattis problem package or flat 1.in/1.out pairs, at most 512 MB.
        </Typography.Text>
      </Upload.Dragger>
    </Modal>
  );
}
