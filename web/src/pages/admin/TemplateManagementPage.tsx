import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, Table } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { adminTemplatesApi, type JudgeLanguage, type TemplateFields } from '../../api/adminTemplates.ts';
import type { JudgeTemplate } from '../../api/types.ts';
import { notify } from '../../feedback.ts';
import { useRequest } from '../../lib/useRequest.ts';
import { TemplateFormModal } from './TemplateFormModal.tsx';
import { SearchBar, searchIdRule } from './SearchBar.tsx';
import { deleteSelected } from './deleteSelected.ts';
import { filterByIdAndText } from './logic/search.ts';
import { confirmDelete, selectToDelete } from './logic/messages.ts';
import { AddDeleteToolbar } from './AddDeleteToolbar.tsx';
import { selectableTable } from './tableProps.ts';

interface Search {
  id?: string;
  language?: string;
}

type Editing = { mode: 'add' } | { mode: 'edit'; template: JudgeTemplate } | null;

export default function TemplateManagementPage() {
  const [search, setSearch] = useState<Search>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const { data: templates, loading, reload } = useRequest(() => adminTemplatesApi.list(), {
    initial: [] as JudgeTemplate[],
    onError: () => notify.error('Failed to get template information!'),
  });
  const { data: languages } = useRequest(() => adminTemplatesApi.languages(), {
    initial: [] as JudgeLanguage[],
    onError: () => notify.error('Failed to get the judge languages'),
  });
  const shown = useMemo(() => filterByIdAndText(templates, search.id, search.language, (t) => t.language), [templates, search]);

  const save = async (values: TemplateFields) => {
    const fields = { language: values.language.trim(), comment: values.comment.trim(), description: values.description };
    if (editing?.mode === 'edit') await adminTemplatesApi.update({ id: editing.template.id, ...fields });
    else await adminTemplatesApi.add(fields);
    void reload(true);
  };

  const remove = () =>
    deleteSelected({
      ids: selected,
      nothingSelected: selectToDelete('template'),
      question: confirmDelete('template'),
      remove: adminTemplatesApi.deleteList,
      successMessage: 'Delete template successfully',
      after: () => {
        setSelected([]);
        void reload(true);
      },
    });

  return (
    <div className="page" style={{ maxWidth: 'none' }}>
      <Card title="Template Management">
        <SearchBar<Search> testId="template-search" onChange={setSearch} onSearch={() => void reload()}>
          <Form.Item name="id" label="Search ID" rules={[searchIdRule]}>
            <Input allowClear placeholder="Template ID" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="language" label="Language">
            <Input allowClear placeholder="Language" style={{ width: 200 }} />
          </Form.Item>
        </SearchBar>
        <AddDeleteToolbar one="template" many="templates" onAdd={() => setEditing({ mode: 'add' })} onDelete={remove} />
        <Table<JudgeTemplate>
          rowKey="id"
          data-testid="template-table"
          loading={loading}
          dataSource={shown}
          {...selectableTable(selected, setSelected)}
          columns={[
            { title: '#', dataIndex: 'id', width: 80 },
            { title: 'Language', dataIndex: 'language', width: 200 },
            { title: 'Comment', dataIndex: 'comment' },
            {
              title: 'Action',
              key: 'action',
              width: 120,
              render: (_, t) => (
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', template: t })} data-testid={`edit-template-${t.id}`}>
                  Edit
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <TemplateFormModal
        open={editing !== null}
        title={editing?.mode === 'edit' ? `Edit Template: ${editing.template.language}` : 'Add Template'}
        languages={languages}
        initialValues={editing?.mode === 'edit' ? editing.template : { description: '' }}
        successMessage={editing?.mode === 'edit' ? 'Edit template successfully' : 'Add template successfully'}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
