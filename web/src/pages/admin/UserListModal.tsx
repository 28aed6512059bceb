import { useState } from 'react';
import { Alert, Button, Modal, Table, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { errorMessage } from '../../api/client.ts';
import { adminContestsApi } from '../../api/adminContests.ts';
import { adminUsersApi } from '../../api/adminUsers.ts';
import type { Contest } from '../../api/types.ts';
import { notify } from '../../feedback.ts';
import { isSpreadsheetName, membersFromWorkbook, USER_LIST_MESSAGES, UserListError, type ListedMember } from './logic/userList.ts';
import { tn, useT } from '../../i18n/index.ts';

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

/** Contest members from an .xlsx/.xls file: preview the User List, then add them by name (and set their affiliations). */
export function UserListModal({ contest, onClose }: Props) {
  const t = useT();
  const [members, setMembers] = useState<ListedMember[]>([]);
  const names = members.map((m) => m.username);
  const affiliated = members.filter((m): m is ListedMember & { affiliation: string } => m.affiliation !== null);
  const [fileName, setFileName] = useState('');
  const [busy, setBusy] = useState(false);
  /** The usernames that exist, read when a file is chosen: the preview flags the others (issue 30, defect 8). */
  const [existing, setExisting] = useState<Set<string> | null>(null);
  const unknownCount = existing ? names.filter((n) => !existing.has(n)).length : 0;

  const close = () => {
    setMembers([]);
    setFileName('');
    setExisting(null);
    onClose();
  };

  const choose = async (file: File) => {
    setMembers([]);
    setFileName(file.name);
    if (!isSpreadsheetName(file.name)) {
      notify.error(t('userList.chooseType'));
      return;
    }
    try {
      setMembers(membersFromWorkbook(await readFile(file)));
    } catch (err) {
      notify.error(err instanceof UserListError ? err.message : USER_LIST_MESSAGES.parseFailed);
      return;
    }
    try {
      setExisting(new Set((await adminUsersApi.list()).map((u) => u.username)));
    } catch {
      setExisting(null);
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
      notify.success(t('userList.added', { added: reply.added.length, already: reply.alreadyMember.length }));
      if (reply.unknown.length) notify.warning(t('userList.unknown', { names: reply.unknown.join(', ') }));
      const known = affiliated.filter((m) => !reply.unknown.includes(m.username));
      if (known.length) {
        const set = await adminUsersApi.setAffiliations(known.map(({ username, affiliation }) => ({ username, affiliation })));
        notify.success(t('userList.affiliationsSet', { count: set.updated.length }));
        const countries = new Map(known.filter((m) => m.country).map((m) => [m.affiliation, m.country!]));
        if (countries.size) await adminUsersApi.setCountries([...countries].map(([affiliation, country]) => ({ affiliation, country })));
      }
      close();
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('userList.title', { title: contest?.title ?? '' })}
      open={contest !== null}
      onCancel={close}
      onOk={confirm}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
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
        message={t('userList.help')}
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
          {t('userList.choose')}
        </Button>
      </Upload>
      {fileName ? <Typography.Text style={{ marginLeft: 8 }}>{fileName}</Typography.Text> : null}
      {unknownCount ? (
        <Alert type="warning" showIcon style={{ marginTop: 12 }} data-testid="user-list-unknown" message={tn('userList.unknownInPreview', unknownCount)} />
      ) : null}
      <Table<ListedMember>
        title={() => <Typography.Text strong>{t('userList.preview')}</Typography.Text>}
        style={{ marginTop: 12 }}
        size="small"
        rowKey="username"
        data-testid="user-list-preview"
        dataSource={members}
        columns={[
          { title: '#', key: 'index', width: 60, render: (_, __, i) => i + 1 },
          { title: t('field.username'), dataIndex: 'username' },
          ...(affiliated.length ? [{ title: t('users.affiliation'), dataIndex: 'affiliation' }] : []),
          ...(existing
            ? [
                {
                  title: t('bulkAccounts.check'),
                  key: 'check',
                  width: 150,
                  render: (_: unknown, m: ListedMember) =>
                    existing.has(m.username) ? <Tag color="green">{t('bulkAccounts.ok')}</Tag> : <Tag color="red" data-testid="user-list-unknown-row">{t('userList.unknownRow')}</Tag>,
                },
              ]
            : []),
        ]}
        pagination={{ pageSize: 8, hideOnSinglePage: true }}
      />
    </Modal>
  );
}
