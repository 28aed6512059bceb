import { useState } from 'react';
import { Alert, Button, Modal, Table, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { errorMessage } from '../../api/client.ts';
import { adminContestsApi } from '../../api/adminContests.ts';
import type { Contest } from '../../api/types.ts';
import { notify } from '../../feedback.ts';
import { isSpreadsheetName, USER_LIST_MESSAGES, UserListError, usernamesFromWorkbook } from './logic/userList.ts';

interface Props {
  contest: Contest | null;
  onClose: () => void;
}

function readFile(file: File): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(new UserListError(USER_LIST_MESSAGES.readFailed));
    reader.readAsArrayBuffer(file);
  });
}

/** Contest members from an .xlsx/.xls file: preview the User List, then add them by name. */
export function UserListModal({ contest, onClose }: Props) {
  const [names, setNames] = useState<string[]>([]);
  const [fileName, setFileName] = useState('');
  const [busy, setBusy] = useState(false);

  const close = () => {
    setNames([]);
    setFileName('');
    onClose();
  };

  const choose = async (file: File) => {
    setNames([]);
    setFileName(file.name);
    if (!isSpreadsheetName(file.name)) {
      notify.error('Please choose an .xlsx or .xls file');
      return;
    }
    try {
      setNames(usernamesFromWorkbook(await readFile(file)));
    } catch (err) {
      notify.error(err instanceof UserListError ? err.message : USER_LIST_MESSAGES.parseFailed);
    }
  };

  const confirm = async () => {
    if (!contest) return;
    if (names.length === 0) {
      notify.error(USER_LIST_MESSAGES.noData);
      return;
    }
    setBusy(true);
    try {
      const reply = await adminContestsApi.addMembersByName(contest.title, names);
      notify.success(`Add user list successfully: ${reply.added.length} added, ${reply.alreadyMember.length} already members`);
      if (reply.unknown.length) notify.warning(`Unknown usernames: ${reply.unknown.join(', ')}`);
      close();
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`Add User List: ${contest?.title ?? ''}`}
      open={contest !== null}
      onCancel={close}
      onOk={confirm}
      okText="Confirm"
      cancelText="Cancel"
      confirmLoading={busy}
      destroyOnHidden
      maskClosable={false}
      okButtonProps={{ 'data-testid': 'user-list-modal-ok' }}
      data-testid="user-list-modal"
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="First sheet, first column: one username per row under a header row."
      />
      <Upload
        accept=".xlsx,.xls"
        showUploadList={false}
        beforeUpload={(file) => {
          void choose(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} data-testid="user-list-choose">
          Choose spreadsheet
        </Button>
      </Upload>
      {fileName ? <Typography.Text style={{ marginLeft: 8 }}>{fileName}</Typography.Text> : null}
      <Table<{ username: string }>
        title={() => <Typography.Text strong>User List</Typography.Text>}
        style={{ marginTop: 12 }}
        size="small"
        rowKey="username"
        data-testid="user-list-preview"
        dataSource={names.map((username) => ({ username }))}
        columns={[
          { title: '#', key: 'index', width: 60, render: (_, __, i) => i + 1 },
          { title: 'Username', dataIndex: 'username' },
        ]}
        pagination={{ pageSize: 8, hideOnSinglePage: true }}
      />
    </Modal>
  );
}
