import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, Space, Table } from 'antd';
import { Link } from 'react-router';
import { adminContestsApi, type ContestFields } from '../../api/adminContests.ts';
import { adminProblemsApi } from '../../api/adminProblems.ts';
import { adminUsersApi } from '../../api/adminUsers.ts';
import type { Contest } from '../../api/types.ts';
import { notify } from '../../feedback.ts';
import { urls } from '../../lib/paths.ts';
import { useRequest } from '../../lib/useRequest.ts';
import { ContestFormModal } from './ContestFormModal.tsx';
import { ContestPickModal, type PickAction } from './ContestPickModal.tsx';
import { ContestViewModal } from './ContestViewModal.tsx';
import { Deferred, lazyNamed } from '../../components/Deferred.tsx';
import { SearchBar, searchIdRule } from './SearchBar.tsx';
import { deleteSelected } from './deleteSelected.ts';
import { filterByIdAndText } from './logic/search.ts';
import { confirmDelete, selectToDelete } from './logic/messages.ts';
import { fromWireTime } from './logic/contestTimes.ts';
import { AddDeleteToolbar } from './AddDeleteToolbar.tsx';
import { ContestPackageImport } from './ContestPackageImport.tsx';
import { selectableTable } from './tableProps.ts';
import { useT, type Translate } from '../../i18n/index.ts';
import { withZone } from '../../lib/time.ts';

// The dialog reads spreadsheets (the xlsx library): loaded when first opened.
const UserListModal = lazyNamed(() => import('./UserListModal.tsx').then((m) => m.UserListModal));

interface Search {
  id?: string;
  title?: string;
}

type Editing = { mode: 'add' } | { mode: 'edit'; contest: Contest } | null;

type PickKey = 'addUser' | 'removeUser' | 'addProblem' | 'removeProblem';

/** The four membership actions of a row: add/remove one user or problem (worded in the current language). */
function pickActions(contest: Contest, t: Translate): Record<PickKey, PickAction> {
  return {
    addUser: {
      title: t('contests.addUser'),
      label: t('field.username'),
      required: t('contests.selectUser'),
      testId: 'add-user-modal',
      loadFailed: t('contests.usersFailed'),
      load: async () => {
        const [users, members] = await Promise.all([adminUsersApi.findByAuth(0), adminContestsApi.members(contest.id)]);
        const taken = new Set(members.map((m) => m.userId));
        return users.filter((u) => !taken.has(u.id)).map((u) => ({ value: u.id, label: u.username }));
      },
      submit: (userId) => adminContestsApi.addMember(contest.id, userId),
      successMessage: t('contests.userAdded'),
    },
    removeUser: {
      title: t('contests.removeUser'),
      label: t('field.username'),
      required: t('contests.selectUser'),
      testId: 'remove-user-modal',
      loadFailed: t('contests.membersFailed'),
      load: async () => (await adminContestsApi.members(contest.id)).map((m) => ({ value: m.userId, label: m.username })),
      submit: (userId) => adminContestsApi.removeMember(contest.id, userId),
      successMessage: t('contests.userRemoved'),
    },
    addProblem: {
      title: t('contests.addProblem'),
      label: t('field.problem'),
      required: t('contests.selectProblem'),
      testId: 'add-problem-modal',
      loadFailed: t('contests.problemsFailed'),
      load: async () => (await adminProblemsApi.listNoBelong(contest.id)).map((p) => ({ value: p.id, label: p.title })),
      submit: (problemId) => adminContestsApi.addProblem(contest.id, problemId),
      successMessage: t('contests.problemAdded'),
    },
    removeProblem: {
      title: t('contests.removeProblem'),
      label: t('field.problem'),
      required: t('contests.selectProblem'),
      testId: 'remove-problem-modal',
      loadFailed: t('board.adminProblemsFailed'),
      load: async () =>
        (await adminContestsApi.problems(contest.id)).map((p) => ({ value: p.problemId, label: `${p.letter}. ${p.title}` })),
      submit: (problemId) => adminContestsApi.removeProblem(contest.id, problemId),
      successMessage: t('contests.problemRemoved'),
    },
  };
}

export default function ContestManagementPage() {
  const t = useT();
  const [search, setSearch] = useState<Search>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [picking, setPicking] = useState<{ contest: Contest; key: PickKey } | null>(null);
  const [listFor, setListFor] = useState<Contest | null>(null);
  const [viewing, setViewing] = useState<Contest | null>(null);
  const { data: contests, loading, reload } = useRequest(() => adminContestsApi.list(), {
    initial: [] as Contest[],
    onError: () => notify.error(t('contests.failed')),
  });
  const shown = useMemo(() => filterByIdAndText(contests, search.id, search.title, (c) => c.title), [contests, search]);

  const save = async (fields: ContestFields) => {
    if (editing?.mode === 'edit') await adminContestsApi.update({ id: editing.contest.id, ...fields });
    else await adminContestsApi.add(fields);
    void reload(true);
  };

  const remove = () =>
    deleteSelected({
      ids: selected,
      nothingSelected: selectToDelete('contest'),
      question: confirmDelete('contest'),
      remove: adminContestsApi.deleteList,
      successMessage: t('contests.deleted'),
      after: () => {
        setSelected([]);
        void reload(true);
      },
    });

  const pick = (contest: Contest, key: PickKey) => setPicking({ contest, key });
  // Made again when the language changes (`t` is the language's), so the open modal follows it.
  const pickAction = useMemo(() => (picking ? pickActions(picking.contest, t)[picking.key] : null), [picking, t]);

  return (
    <div className="page" style={{ maxWidth: 'none' }}>
      <Card title={t('contests.title')}>
        <SearchBar<Search> testId="contest-search" onChange={setSearch} onSearch={() => void reload()}>
          <Form.Item name="id" label={t('field.searchId')} rules={[searchIdRule]}>
            <Input allowClear placeholder={t('contests.idPlaceholder')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="title" label={t('field.title')}>
            <Input allowClear placeholder={t('field.title')} style={{ width: 200 }} />
          </Form.Item>
        </SearchBar>
        <AddDeleteToolbar one="contest" many="contests" onAdd={() => setEditing({ mode: 'add' })} onDelete={remove} />
        <ContestPackageImport onImported={() => void reload(true)} />
        <Table<Contest>
          rowKey="id"
          data-testid="contest-table"
          loading={loading}
          dataSource={shown}
          {...selectableTable(selected, setSelected)}
          columns={[
            {
              title: '#',
              dataIndex: 'id',
              width: 70,
              render: (id: number) => (
                <Link to={urls.adminContestDetail(id)} data-testid={`contest-board-${id}`} title={t('contests.openBoard')}>
                  {id}
                </Link>
              ),
            },
            { title: t('field.title'), dataIndex: 'title', width: 180, ellipsis: true },
            { title: withZone(t('field.startTime')), dataIndex: 'startTime', width: 170 },
            { title: withZone(t('field.endTime')), dataIndex: 'endTime', width: 170 },
            {
              title: t('field.action'),
              key: 'action',
              width: 330,
              render: (_, c) => (
                <Space size={4} wrap>
                  <Button size="small" onClick={() => setEditing({ mode: 'edit', contest: c })} data-testid={`edit-contest-${c.id}`}>
                    {t('common.edit')}
                  </Button>
                  <Button size="small" onClick={() => pick(c, 'addUser')} data-testid={`add-user-${c.id}`}>
                    {t('contests.addUser')}
                  </Button>
                  <Button size="small" onClick={() => setListFor(c)} data-testid={`add-user-list-${c.id}`}>
                    {t('contests.addUserList')}
                  </Button>
                  <Button size="small" onClick={() => pick(c, 'removeUser')} data-testid={`remove-user-${c.id}`}>
                    {t('contests.removeUser')}
                  </Button>
                  <Button size="small" onClick={() => pick(c, 'addProblem')} data-testid={`add-problem-${c.id}`}>
                    {t('contests.addProblem')}
                  </Button>
                  <Button size="small" onClick={() => pick(c, 'removeProblem')} data-testid={`remove-problem-${c.id}`}>
                    {t('contests.removeProblem')}
                  </Button>
                  <Button size="small" type="link" onClick={() => setViewing(c)} data-testid={`view-contest-${c.id}`}>
                    {t('common.view')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <ContestFormModal
        open={editing !== null}
        title={editing?.mode === 'edit' ? t('contests.editTitle', { title: editing.contest.title }) : t('contests.addTitle')}
        initialValues={
          editing?.mode === 'edit'
            ? {
                title: editing.contest.title,
                start: fromWireTime(editing.contest.startTime) ?? undefined,
                end: fromWireTime(editing.contest.endTime) ?? undefined,
                freeze: fromWireTime(editing.contest.freezeTime),
                scoringRule: editing.contest.scoringRule,
                showAllTests: editing.contest.showAllTests,
              }
            : undefined
        }
        successMessage={editing?.mode === 'edit' ? t('contests.edited') : t('contests.added')}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
      <ContestPickModal action={pickAction} contestTitle={picking?.contest.title ?? ''} onClose={() => setPicking(null)} />
      <Deferred when={listFor !== null}>
        <UserListModal contest={listFor} onClose={() => setListFor(null)} />
      </Deferred>
      <ContestViewModal contest={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
