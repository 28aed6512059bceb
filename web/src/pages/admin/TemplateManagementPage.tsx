import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, Table } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { adminTemplatesApi, type JudgeLanguage, type TemplateFields } from '../../api/adminTemplates.ts';
import type { TemplateRow } from '../../api/types.ts';
import { notify } from '../../feedback.ts';
import { useRequest } from '../../lib/useRequest.ts';
import { Deferred, lazyNamed } from '../../components/Deferred.tsx';
import { SearchBar, searchIdRule } from './SearchBar.tsx';
import { deleteSelected } from './deleteSelected.ts';
import { filterByIdAndText } from './logic/search.ts';
import { confirmDelete, selectToDelete } from './logic/messages.ts';
import { AddDeleteToolbar } from './AddDeleteToolbar.tsx';
import { selectableTable } from './tableProps.ts';
import { useT } from '../../i18n/index.ts';

// The form holds a code editor (CodeMirror): loaded when first opened.
const TemplateFormModal = lazyNamed(() => import('./TemplateFormModal.tsx').then((m) => m.TemplateFormModal));

interface Search {
  id?: string;
  language?: string;
}

type Editing = { mode: 'add' } | { mode: 'edit'; template: TemplateRow } | null;

export default function TemplateManagementPage() {
  const t = useT();
  const [search, setSearch] = useState<Search>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const { data: templates, loading, reload } = useRequest(() => adminTemplatesApi.list(), {
    initial: [] as TemplateRow[],
    onError: () => notify.error(t('templates.failed')),
  });
  const { data: languages } = useRequest(() => adminTemplatesApi.languages(), {
    initial: [] as JudgeLanguage[],
    onError: () => notify.error(t('templates.languagesFailed')),
  });
  const shown = useMemo(() => filterByIdAndText(templates, search.id, search.language, (row) => row.language), [templates, search]);

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
      successMessage: t('templates.deleted'),
      after: () => {
        setSelected([]);
        void reload(true);
      },
    });

  return (
    <div className="page" style={{ maxWidth: 'none' }}>
      <Card title={t('templates.title')}>
        <SearchBar<Search> testId="template-search" onChange={setSearch} onSearch={() => void reload()}>
          <Form.Item name="id" label={t('field.searchId')} rules={[searchIdRule]}>
            <Input allowClear placeholder={t('templates.idPlaceholder')} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="language" label={t('field.language')}>
            <Input allowClear placeholder={t('field.language')} style={{ width: 200 }} />
          </Form.Item>
        </SearchBar>
        <AddDeleteToolbar one="template" many="templates" onAdd={() => setEditing({ mode: 'add' })} onDelete={remove} />
        <Table<TemplateRow>
          rowKey="id"
          data-testid="template-table"
          loading={loading}
          dataSource={shown}
          {...selectableTable(selected, setSelected)}
          columns={[
            { title: '#', dataIndex: 'id', width: 80 },
            { title: t('field.language'), dataIndex: 'language', width: 200 },
            { title: t('field.comment'), dataIndex: 'comment' },
            {
              title: t('field.action'),
              key: 'action',
              width: 120,
              render: (_, row) => (
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', template: row })} data-testid={`edit-template-${row.id}`}>
                  {t('common.edit')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Deferred when={editing !== null}>
        <TemplateFormModal
          open={editing !== null}
          title={editing?.mode === 'edit' ? t('templates.editTitle', { language: editing.template.language }) : t('templates.addTitle')}
          languages={languages}
          initialValues={editing?.mode === 'edit' ? editing.template : { description: '' }}
          successMessage={editing?.mode === 'edit' ? t('templates.edited') : t('templates.added')}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      </Deferred>
    </div>
  );
}
