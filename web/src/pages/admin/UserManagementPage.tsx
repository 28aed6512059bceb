import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import { EditOutlined, KeyOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { adminUsersApi } from '../../api/adminUsers.ts';
import type { User } from '../../api/types.ts';
import { notify } from '../../feedback.ts';
import { useRequest } from '../../lib/useRequest.ts';
import { AddUserModal, ChangePasswordModal, EditUserModal } from './UserFormModals.tsx';
import { SearchBar } from './SearchBar.tsx';
import { deleteSelected } from './deleteSelected.ts';
import { filterUsers } from './logic/search.ts';
import { ADMIN_MESSAGES, confirmDeleteUsers } from './logic/messages.ts';
import { roleOf } from './logic/roles.ts';
import { AddDeleteToolbar } from './AddDeleteToolbar.tsx';
import { selectableTable } from './tableProps.ts';
import { genderLabel, roleLabel } from '../../lib/people.ts';
import { useT } from '../../i18n/index.ts';

// The spreadsheet reader (SheetJS, ~120 KB gzipped) is fetched when the bulk dialog first opens.
const BulkAccountsModal = lazy(() => import('./BulkAccountsModal.tsx').then((m) => ({ default: m.BulkAccountsModal })));

type Dialog = { kind: 'add' } | { kind: 'bulk' } | { kind: 'edit'; user: User } | { kind: 'password'; user: User } | null;

export default function UserManagementPage() {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { data: users, loading, reload } = useRequest(() => adminUsersApi.list(), {
    initial: [] as User[],
    onError: () => notify.error(t('users.failed')),
  });
  const shown = useMemo(() => filterUsers(users, keyword), [users, keyword]);
  const close = () => setDialog(null);
  const editedUser = dialog && (dialog.kind === 'edit' || dialog.kind === 'password') ? dialog.user : null;

  const remove = () =>
    deleteSelected({
      ids: selected,
      nothingSelected: ADMIN_MESSAGES.noSelectedUsers,
      question: confirmDeleteUsers(selected.length),
      remove: adminUsersApi.deleteList,
      successMessage: t('users.deleted'),
      after: () => {
        setSelected([]);
        void reload(true);
      },
    });

  return (
    <div className="page" style={{ maxWidth: 'none' }}>
      <Card title={t('users.title')}>
        <SearchBar<{ keyword?: string }>
          testId="user-search"
          onChange={(v) => setKeyword(v.keyword ?? '')}
          onSearch={() => void reload()}
        >
          <Form.Item name="keyword" label={t('users.keyword')}>
            <Input allowClear placeholder={t('users.keywordPlaceholder')} style={{ width: 240, maxWidth: '100%' }} data-testid="user-search-keyword" />
          </Form.Item>
        </SearchBar>
        <AddDeleteToolbar one="user" many="users" onAdd={() => setDialog({ kind: 'add' })} onDelete={remove}>
          <Button icon={<UsergroupAddOutlined />} onClick={() => setDialog({ kind: 'bulk' })} data-testid="bulk-accounts">
            {t('bulkAccounts.button')}
          </Button>
        </AddDeleteToolbar>
        <Table<User>
          rowKey="id"
          data-testid="user-table"
          loading={loading}
          dataSource={shown}
          {...selectableTable(selected, setSelected)}
          columns={[
            { title: '#', dataIndex: 'id', width: 70 },
            { title: t('field.username'), dataIndex: 'username', width: 140, ellipsis: true },
            { title: t('field.email'), dataIndex: 'email', width: 200, ellipsis: true },
            { title: t('field.nickname'), dataIndex: 'nickname', width: 140, ellipsis: true },
            { title: t('users.affiliation'), dataIndex: 'affiliation', width: 160, ellipsis: true },
            { title: t('field.gender'), dataIndex: 'gender', width: 70, render: (g: string) => genderLabel(g) },
            {
              title: t('users.role'),
              dataIndex: 'auth',
              width: 110,
              render: (auth: number) => {
                const role = roleOf(auth);
                return (
                  <Tag color={role.color} data-role={role.name}>
                    {roleLabel(auth)}
                  </Tag>
                );
              },
            },
            {
              title: t('field.action'),
              key: 'action',
              width: 200,
              render: (_, u) => (
                <Space size={4}>
                  <Button size="small" icon={<EditOutlined />} onClick={() => setDialog({ kind: 'edit', user: u })} data-testid={`edit-user-${u.id}`}>
                    {t('common.edit')}
                  </Button>
                  <Button size="small" icon={<KeyOutlined />} onClick={() => setDialog({ kind: 'password', user: u })} data-testid={`password-user-${u.id}`}>
                    {t('users.passwordButton')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <AddUserModal
        open={dialog?.kind === 'add'}
        onClose={close}
        onSubmit={async (v) => {
          await adminUsersApi.add({ ...v, username: v.username.trim(), email: v.email.trim(), nickname: (v.nickname ?? '').trim(), affiliation: (v.affiliation ?? '').trim() });
          void reload(true);
        }}
      />
      {dialog?.kind === 'bulk' ? (
        <Suspense fallback={null}>
          <BulkAccountsModal open onClose={close} onCreated={() => void reload(true)} />
        </Suspense>
      ) : null}
      <EditUserModal
        open={dialog?.kind === 'edit'}
        user={editedUser}
        onClose={close}
        onSubmit={async (v) => {
          await adminUsersApi.update({
            ...v,
            id: editedUser!.id,
            username: v.username.trim(),
            email: v.email.trim(),
            nickname: (v.nickname ?? '').trim(),
            affiliation: (v.affiliation ?? '').trim(),
          });
          void reload(true);
        }}
      />
      <ChangePasswordModal
        open={dialog?.kind === 'password'}
        user={editedUser}
        onClose={close}
        onSubmit={async (v) => {
          await adminUsersApi.updatePassword({ id: editedUser!.id, ...v });
        }}
      />
    </div>
  );
}
