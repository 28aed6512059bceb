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
import { useT } from '../../i18n/index.ts';

interface Search {
  id?: string;
  title?: string;
}

type Editing = { mode: 'add' } | { mode: 'edit'; problem: AdminProblem; statement: string } | null;

export default function ProblemManagementPage() {
  const t = useT();
  const [search, setSearch] = useState<Search>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [uploading, setUploading] = useState<AdminProblem | null>(null);
  const { data: problems, loading, reload } = useRequest(() => adminProblemsApi.list(), {
    initial: [] as AdminProblem[],
    onError: () => notify.error(t('problems.failed')),
  });
  const shown = useMemo(() => filterByIdAndText(problems, search.id, search.title, (p) => p.title), [problems, search]);

  const openEdit = async (problem: AdminProblem) => {
    try {
      const detail = await adminProblemsApi.detail(problem.id);
      setEditing({ mode: 'edit', problem, statement: detail.statement ?? '' });
    } catch (err) {
      notify.error(t('problems.infoFailed', { name: problem.title, message: errorMessage(err) }));
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
      successMessage: t('problems.deleted'),
      after: () => {
        setSelected([]);
        void reload(true);
      },
    });

  return (
    <div className="page" style={{ maxWidth: 'none' }}>
      <Card title={t('problems.title')}>
        <SearchBar<Search> testId="problem-search" onChange={setSearch} onSearch={() => void reload()}>
          <Form.Item name="id" label={t('field.searchId')} rules={[searchIdRule]}>
            <Input allowClear placeholder={t('problems.idPlaceholder')} style={{ width: 140 }} data-testid="problem-search-id" />
          </Form.Item>
          <Form.Item name="title" label={t('field.title')}>
            <Input allowClear placeholder={t('field.title')} style={{ width: 200 }} data-testid="problem-search-title" />
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
              title: t('field.title'),
              dataIndex: 'title',
              render: (title: string, p) => (
                <Space>
                  {p.color ? <BalloonSwatch color={p.color} colorName={p.colorName} size={20} /> : null}
                  <span data-testid={`problem-title-${p.id}`}>{title}</span>
                  {p.hasData ? null : (
                    <Tooltip title={t('problems.noDataTip')}>
                      <Tag color="warning">{t('problems.noData')}</Tag>
                    </Tooltip>
                  )}
                </Space>
              ),
            },
            { title: t('field.memory'), dataIndex: 'memoryLimit', width: 120, render: (v: number) => t('common.mb', { value: v }) },
            { title: t('field.time'), dataIndex: 'timeLimit', width: 120, render: (v: number) => t('common.ms', { value: v }) },
            {
              title: t('field.action'),
              key: 'action',
              width: 200,
              render: (_, p) => (
                <Space>
                  <Button size="small" icon={<EditOutlined />} onClick={() => void openEdit(p)} data-testid={`edit-problem-${p.id}`}>
                    {t('common.edit')}
                  </Button>
                  <Button size="small" icon={<UploadOutlined />} onClick={() => setUploading(p)} data-testid={`upload-problem-${p.id}`}>
                    {t('problems.upload')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <ProblemFormModal
        open={editing !== null}
        title={editing?.mode === 'edit' ? editing.problem.title : t('problems.addTitle')}
        initialValues={
          editing?.mode === 'edit'
            ? {
                title: editing.problem.title,
                memoryLimit: editing.problem.memoryLimit,
                timeLimit: editing.problem.timeLimit,
                statement: editing.statement,
                color: editing.problem.color ?? '',
                colorName: editing.problem.colorName ?? '',
                languageFactors: editing.problem.languageFactors,
              }
            : undefined
        }
        successMessage={editing?.mode === 'edit' ? t('problems.edited') : t('problems.added')}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
      <UploadDataModal problem={uploading} onClose={() => setUploading(null)} onUploaded={() => void reload(true)} />
    </div>
  );
}
