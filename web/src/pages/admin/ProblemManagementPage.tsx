import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, Space, Table, Tag, Tooltip } from 'antd';
import { EditOutlined, UploadOutlined } from '@ant-design/icons';
import { errorMessage } from '../../api/client.ts';
import { adminProblemsApi, type AdminProblem, type ProblemFields } from '../../api/adminProblems.ts';
import { notify } from '../../feedback.ts';
import { useRequest } from '../../lib/useRequest.ts';
import { ProblemFormModal } from './ProblemFormModal.tsx';
import { UploadDataModal } from './UploadDataModal.tsx';
import { BalloonSwatch } from './BalloonSwatch.tsx';
import { SearchBar, searchIdRule } from './SearchBar.tsx';
import { deleteSelected } from './deleteSelected.ts';
import { filterByIdAndText } from './logic/search.ts';
import { confirmDelete, selectToDelete } from './logic/messages.ts';
import { AddDeleteToolbar } from './AddDeleteToolbar.tsx';
import { selectableTable } from './tableProps.ts';

interface Search {
  id?: string;
  title?: string;
}

type Editing = { mode: 'add' } | { mode: 'edit'; problem: AdminProblem; statement: string } | null;

export default function ProblemManagementPage() {
  const [search, setSearch] = useState<Search>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [uploading, setUploading] = useState<AdminProblem | null>(null);
  const { data: problems, loading, reload } = useRequest(() => adminProblemsApi.list(), {
    initial: [] as AdminProblem[],
    onError: () => notify.error('Failed to get problems'),
  });
  const shown = useMemo(() => filterByIdAndText(problems, search.id, search.title, (p) => p.title), [problems, search]);

  const openEdit = async (problem: AdminProblem) => {
    try {
      const detail = await adminProblemsApi.detail(problem.id);
      setEditing({ mode: 'edit', problem, statement: detail.statement ?? '' });
    } catch (err) {
      notify.error(`Failed to get ${problem.title}'s information! ${errorMessage(err)}`);
    }
  };

  const save = async (values: ProblemFields) => {
    const fields = { ...values, title: values.title.trim(), statement: values.statement ?? '', color: values.color?.trim() ?? '', colorName: values.colorName?.trim() ?? '' };
    if (editing?.mode === 'edit') await adminProblemsApi.update({ id: editing.problem.id, ...fields });
    else await adminProblemsApi.add(fields);
    void reload(true);
  };

  const remove = () =>
    deleteSelected({
      ids: selected,
      nothingSelected: selectToDelete('problem'),
      question: confirmDelete('problem'),
      remove: adminProblemsApi.deleteList,
      successMessage: 'Delete problem successfully',
      after: () => {
        setSelected([]);
        void reload(true);
      },
    });

  return (
    <div className="page" style={{ maxWidth: 'none' }}>
      <Card title="Problem Management">
        <SearchBar<Search> testId="problem-search" onChange={setSearch} onSearch={() => void reload()}>
          <Form.Item name="id" label="Search ID" rules={[searchIdRule]}>
            <Input allowClear placeholder="Problem ID" style={{ width: 140 }} data-testid="problem-search-id" />
          </Form.Item>
          <Form.Item name="title" label="Title">
            <Input allowClear placeholder="Title" style={{ width: 200 }} data-testid="problem-search-title" />
          </Form.Item>
        </SearchBar>
        <AddDeleteToolbar one="problem" many="problems" onAdd={() => setEditing({ mode: 'add' })} onDelete={remove} />
        <Table<AdminProblem>
          rowKey="id"
          data-testid="problem-table"
          loading={loading}
          dataSource={shown}
          {...selectableTable(selected, setSelected)}
          size="middle"
          columns={[
            { title: '#', dataIndex: 'id', width: 80 },
            {
              title: 'Title',
              dataIndex: 'title',
              render: (title: string, p) => (
                <Space>
                  {p.color ? <BalloonSwatch color={p.color} colorName={p.colorName} size={20} /> : null}
                  <span data-testid={`problem-title-${p.id}`}>{title}</span>
                  {p.hasData ? null : (
                    <Tooltip title="Upload a data file before contestants can submit">
                      <Tag color="warning">no data</Tag>
                    </Tooltip>
                  )}
                </Space>
              ),
            },
            { title: 'Memory', dataIndex: 'memoryLimit', width: 120, render: (v: number) => `${v} MB` },
            { title: 'Time', dataIndex: 'timeLimit', width: 120, render: (v: number) => `${v} ms` },
            {
              title: 'Action',
              key: 'action',
              width: 200,
              render: (_, p) => (
                <Space>
                  <Button size="small" icon={<EditOutlined />} onClick={() => void openEdit(p)} data-testid={`edit-problem-${p.id}`}>
                    Edit
                  </Button>
                  <Button size="small" icon={<UploadOutlined />} onClick={() => setUploading(p)} data-testid={`upload-problem-${p.id}`}>
                    Upload
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <ProblemFormModal
        open={editing !== null}
        title={editing?.mode === 'edit' ? editing.problem.title : 'Add Problem'}
        initialValues={
          editing?.mode === 'edit'
            ? {
                title: editing.problem.title,
                memoryLimit: editing.problem.memoryLimit,
                timeLimit: editing.problem.timeLimit,
                statement: editing.statement,
                color: editing.problem.color ?? '',
                colorName: editing.problem.colorName ?? '',
              }
            : undefined
        }
        successMessage={editing?.mode === 'edit' ? 'Edit problem successfully' : 'Add problem successfully'}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
      <UploadDataModal problem={uploading} onClose={() => setUploading(null)} onUploaded={() => void reload(true)} />
    </div>
  );
}
