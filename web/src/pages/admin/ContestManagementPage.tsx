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
import { UserListModal } from './UserListModal.tsx';
import { SearchBar, searchIdRule } from './SearchBar.tsx';
import { deleteSelected } from './deleteSelected.ts';
import { filterByIdAndText } from './logic/search.ts';
import { confirmDelete, selectToDelete } from './logic/messages.ts';
import { fromWireTime } from './logic/contestTimes.ts';
import { AddDeleteToolbar } from './AddDeleteToolbar.tsx';
import { selectableTable } from './tableProps.ts';

interface Search {
  id?: string;
  title?: string;
}

type Editing = { mode: 'add' } | { mode: 'edit'; contest: Contest } | null;

/** The four membership actions of a row: add/remove one user or problem. */
function pickActions(contest: Contest): Record<'addUser' | 'removeUser' | 'addProblem' | 'removeProblem', PickAction> {
  return {
    addUser: {
      title: 'Add User',
      label: 'Username',
      required: 'Please select a user',
      testId: 'add-user-modal',
      loadFailed: 'Failed to get users',
      load: async () => {
        const [users, members] = await Promise.all([adminUsersApi.findByAuth(0), adminContestsApi.members(contest.id)]);
        const taken = new Set(members.map((m) => m.userId));
        return users.filter((u) => !taken.has(u.id)).map((u) => ({ value: u.id, label: u.username }));
      },
      submit: (userId) => adminContestsApi.addMember(contest.id, userId),
      successMessage: 'Add user successfully',
    },
    removeUser: {
      title: 'Remove User',
      label: 'Username',
      required: 'Please select a user',
      testId: 'remove-user-modal',
      loadFailed: 'Failed to get the contest users',
      load: async () => (await adminContestsApi.members(contest.id)).map((m) => ({ value: m.userId, label: m.username })),
      submit: (userId) => adminContestsApi.removeMember(contest.id, userId),
      successMessage: 'Delete user successfully',
    },
    addProblem: {
      title: 'Add Problem',
      label: 'Problem',
      required: 'Please select a problem',
      testId: 'add-problem-modal',
      loadFailed: 'Failed to get problems',
      load: async () => (await adminProblemsApi.listNoBelong(contest.id)).map((p) => ({ value: p.id, label: p.title })),
      submit: (problemId) => adminContestsApi.addProblem(contest.id, problemId),
      successMessage: 'Add problem successfully',
    },
    removeProblem: {
      title: 'Remove Problem',
      label: 'Problem',
      required: 'Please select a problem',
      testId: 'remove-problem-modal',
      loadFailed: 'Falied to get selected problem list',
      load: async () =>
        (await adminContestsApi.problems(contest.id)).map((p) => ({ value: p.problemId, label: `${p.letter}. ${p.title}` })),
      submit: (problemId) => adminContestsApi.removeProblem(contest.id, problemId),
      successMessage: 'Delete problem successfully',
    },
  };
}

export default function ContestManagementPage() {
  const [search, setSearch] = useState<Search>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [picking, setPicking] = useState<{ contest: Contest; action: PickAction } | null>(null);
  const [listFor, setListFor] = useState<Contest | null>(null);
  const [viewing, setViewing] = useState<Contest | null>(null);
  const { data: contests, loading, reload } = useRequest(() => adminContestsApi.list(), {
    initial: [] as Contest[],
    onError: () => notify.error('Failed to get contest list'),
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
      successMessage: 'Delete contest successfully',
      after: () => {
        setSelected([]);
        void reload(true);
      },
    });

  const pick = (contest: Contest, key: keyof ReturnType<typeof pickActions>) =>
    setPicking({ contest, action: pickActions(contest)[key] });

  return (
    <div className="page" style={{ maxWidth: 'none' }}>
      <Card title="Contest Management">
        <SearchBar<Search> testId="contest-search" onChange={setSearch} onSearch={() => void reload()}>
          <Form.Item name="id" label="Search ID" rules={[searchIdRule]}>
            <Input allowClear placeholder="Contest ID" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="title" label="Title">
            <Input allowClear placeholder="Title" style={{ width: 200 }} />
          </Form.Item>
        </SearchBar>
        <AddDeleteToolbar one="contest" many="contests" onAdd={() => setEditing({ mode: 'add' })} onDelete={remove} />
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
                <Link to={urls.adminContestDetail(id)} data-testid={`contest-board-${id}`} title="Open the scoreboard">
                  {id}
                </Link>
              ),
            },
            { title: 'Title', dataIndex: 'title', width: 180, ellipsis: true },
            { title: 'Start Time', dataIndex: 'startTime', width: 170 },
            { title: 'End Time', dataIndex: 'endTime', width: 170 },
            {
              title: 'Action',
              key: 'action',
              width: 330,
              render: (_, c) => (
                <Space size={4} wrap>
                  <Button size="small" onClick={() => setEditing({ mode: 'edit', contest: c })} data-testid={`edit-contest-${c.id}`}>
                    Edit
                  </Button>
                  <Button size="small" onClick={() => pick(c, 'addUser')} data-testid={`add-user-${c.id}`}>
                    Add User
                  </Button>
                  <Button size="small" onClick={() => setListFor(c)} data-testid={`add-user-list-${c.id}`}>
                    Add User List
                  </Button>
                  <Button size="small" onClick={() => pick(c, 'removeUser')} data-testid={`remove-user-${c.id}`}>
                    Remove User
                  </Button>
                  <Button size="small" onClick={() => pick(c, 'addProblem')} data-testid={`add-problem-${c.id}`}>
                    Add Problem
                  </Button>
                  <Button size="small" onClick={() => pick(c, 'removeProblem')} data-testid={`remove-problem-${c.id}`}>
                    Remove Problem
                  </Button>
                  <Button size="small" type="link" onClick={() => setViewing(c)} data-testid={`view-contest-${c.id}`}>
                    View
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <ContestFormModal
        open={editing !== null}
        title={editing?.mode === 'edit' ? `Edit Contest: ${editing.contest.title}` : 'Add Contest'}
        initialValues={
          editing?.mode === 'edit'
            ? {
                title: editing.contest.title,
                start: fromWireTime(editing.contest.startTime) ?? undefined,
                end: fromWireTime(editing.contest.endTime) ?? undefined,
                freeze: fromWireTime(editing.contest.freezeTime),
                scoringRule: editing.contest.scoringRule,
              }
            : undefined
        }
        successMessage={editing?.mode === 'edit' ? 'Edit contest successfully' : 'Add contest successfully'}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
      <ContestPickModal action={picking?.action ?? null} contestTitle={picking?.contest.title ?? ''} onClose={() => setPicking(null)} />
      <UserListModal contest={listFor} onClose={() => setListFor(null)} />
      <ContestViewModal contest={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
