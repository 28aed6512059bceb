import { useState, type HTMLAttributes } from 'react';
import { Alert, Button, Modal, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { generatedPasswordsCsv, USER_LIMITS, type ImportField, type ImportRow } from '@verdict/shared';
import { errorMessage } from '../../api/client.ts';
import { adminContestsApi } from '../../api/adminContests.ts';
import { adminUsersApi } from '../../api/adminUsers.ts';
import { notify } from '../../feedback.ts';
import { saveBlob } from '../../lib/download.ts';
import { sharedMessage } from '../../i18n/server-messages.ts';
import { tn, useT, type MessageKey, type Translate } from '../../i18n/index.ts';
import { creatable, importRowsFromFile, PASSWORDS_FILE, previewRows, type PreviewRow } from './logic/bulkAccounts.ts';
import { isAccountSheetName, USER_LIST_MESSAGES, UserListError } from './logic/userList.ts';

/** After Confirm: what became of each row the preview passed. */
type Outcome = { kind: 'created' } | { kind: 'failed'; message: string };

const FIELD_KEYS: Record<ImportField, MessageKey> = {
  username: 'field.username',
  email: 'field.email',
  nickname: 'field.nickname',
  password: 'field.password',
  affiliation: 'users.affiliation',
};

function checkText(t: Translate, row: PreviewRow): string {
  const { check } = row;
  if (check.kind === 'ok') return t('bulkAccounts.ok');
  if (check.kind === 'exists') return t('bulkAccounts.exists');
  if (check.kind === 'unknownContest') return t('bulkAccounts.unknownContest', { contest: check.contest });
  const problem = check.row.problem;
  if (!problem || problem.field === 'repeated') return t('bulkAccounts.repeated');
  if (problem.field === 'affiliation') return `${t('users.affiliation')}: ${t('bulkAccounts.affiliationTooLong', { max: USER_LIMITS.affiliationMax })}`;
  return `${t(FIELD_KEYS[problem.field])}: ${sharedMessage(problem.message)}`;
}

/** Accounts from a spreadsheet: preview with every row checked, create, then the generated passwords as CSV, once. */
export function BulkAccountsModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const t = useT();
  const [rows, setRows] = useState<PreviewRow[]>([]);
  const [fileName, setFileName] = useState('');
  const [outcomes, setOutcomes] = useState<Map<number, Outcome> | null>(null);
  const [passwordsCsv, setPasswordsCsv] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = creatable(rows);

  const close = () => {
    // The generated passwords live only here: closing forgets them.
    setRows([]);
    setFileName('');
    setOutcomes(null);
    setPasswordsCsv('');
    onClose();
  };

  const choose = async (file: File) => {
    setRows([]);
    setOutcomes(null);
    setFileName(file.name);
    if (!isAccountSheetName(file.name)) {
      notify.error(t('bulkAccounts.chooseType'));
      return;
    }
    try {
      const parsed = importRowsFromFile(await file.arrayBuffer(), file.name);
      const [users, contests] = await Promise.all([adminUsersApi.list(), adminContestsApi.list()]);
      setRows(previewRows(parsed, users.map((u) => u.username), contests.map((c) => c.title)));
    } catch (err) {
      notify.error(err instanceof UserListError ? err.message : errorMessage(err));
    }
  };

  const savePasswords = (csv: string) => saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), PASSWORDS_FILE);

  const create = async () => {
    if (ready.length === 0) {
      notify.error(USER_LIST_MESSAGES.noData);
      return;
    }
    setBusy(true);
    const done = new Map<number, Outcome>();
    const created: ImportRow[] = [];
    try {
      for (const row of ready) {
        try {
          const { username, email, nickname, password, affiliation } = row;
          // The sheet has no gender column; `verdict user import` also creates them as male.
          await adminUsersApi.add({ username, email, nickname, password, confirmPassword: password, affiliation, gender: 'male', auth: 0 });
          done.set(row.row, { kind: 'created' });
          created.push({ ...row, status: 'created' });
        } catch (err) {
          done.set(row.row, { kind: 'failed', message: errorMessage(err) });
        }
      }
      const byContest = new Map<string, string[]>();
      for (const row of created.filter((r) => r.contest)) byContest.set(row.contest, [...(byContest.get(row.contest) ?? []), row.username]);
      for (const [title, names] of byContest) {
        try {
          await adminContestsApi.addMembersByName(title, names);
        } catch (err) {
          notify.error(t('bulkAccounts.joinFailed', { contest: title, message: errorMessage(err) }));
        }
      }
    } finally {
      setOutcomes(done);
      setBusy(false);
    }
    const csv = generatedPasswordsCsv(created);
    setPasswordsCsv(csv);
    if (csv) savePasswords(csv);
    notify.success(t('bulkAccounts.created', { created: created.length, rows: rows.length }));
    if (created.length) onCreated();
  };

  const resultOf = (row: PreviewRow) => {
    const outcome = outcomes?.get(row.row);
    if (outcome?.kind === 'created') return <Tag color="green">{t('bulkAccounts.createdRow')}</Tag>;
    if (outcome?.kind === 'failed') return <Tag color="red" className="wrap-tag">{outcome.message}</Tag>;
    const ok = row.check.kind === 'ok';
    return <Tag className="wrap-tag" color={ok ? 'green' : row.check.kind === 'exists' ? 'gold' : 'red'}>{outcomes && ok ? t('bulkAccounts.notCreated') : checkText(t, row)}</Tag>;
  };

  return (
    <Modal
      title={t('bulkAccounts.title')}
      open={open}
      onCancel={close}
      width={900}
      destroyOnHidden
      maskClosable={false}
      data-testid="bulk-accounts-modal"
      footer={[
        <Button key="close" onClick={close} data-testid="bulk-accounts-close">
          {outcomes ? t('bulkAccounts.close') : t('common.cancel')}
        </Button>,
        outcomes ? null : (
          <Button key="ok" type="primary" loading={busy} disabled={ready.length === 0} onClick={() => void create()} data-testid="bulk-accounts-ok">
            {tn('bulkAccounts.create', ready.length)}
          </Button>
        ),
      ]}
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('bulkAccounts.help')} />
      {outcomes ? null : (
        <Upload
          accept=".xlsx,.xls,.csv"
          showUploadList={false}
          beforeUpload={(file) => {
            void choose(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="bulk-accounts-choose">
            {t('userList.choose')}
          </Button>
        </Upload>
      )}
      {fileName ? <Typography.Text style={{ marginLeft: 8 }}>{fileName}</Typography.Text> : null}
      {passwordsCsv ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="bulk-accounts-passwords"
          message={t('bulkAccounts.passwordsSaved', { file: PASSWORDS_FILE })}
          action={
            <Button size="small" icon={<DownloadOutlined />} onClick={() => savePasswords(passwordsCsv)} data-testid="bulk-accounts-download">
              {t('bulkAccounts.downloadAgain')}
            </Button>
          }
        />
      ) : null}
      <Table<PreviewRow>
        style={{ marginTop: 12 }}
        size="small"
        rowKey="row"
        data-testid="bulk-accounts-preview"
        dataSource={rows}
        scroll={{ x: 760 }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        onRow={(row) => ({ 'data-testid': `bulk-row-${row.row}`, 'data-check': outcomes?.get(row.row)?.kind ?? row.check.kind }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('bulkAccounts.row'), dataIndex: 'row', width: 60 },
          { title: t('field.username'), dataIndex: 'username', width: 120, ellipsis: true },
          // Beside the name, so a phone shows it without scrolling the table.
          { title: t('bulkAccounts.check'), key: 'check', width: 220, render: (_, r) => resultOf(r) },
          { title: t('field.email'), dataIndex: 'email', width: 170, ellipsis: true },
          { title: t('field.nickname'), dataIndex: 'nickname', width: 110, ellipsis: true },
          { title: t('field.password'), key: 'password', width: 100, render: (_, r) => (r.passwordGenerated ? t('bulkAccounts.generated') : t('bulkAccounts.given')) },
          { title: t('bulkAccounts.contest'), dataIndex: 'contest', width: 110, ellipsis: true },
          { title: t('users.affiliation'), dataIndex: 'affiliation', width: 110, ellipsis: true },
        ]}
      />
    </Modal>
  );
}
