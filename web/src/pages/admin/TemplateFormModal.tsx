import { useMemo } from 'react';
import { Form, Input, Select } from 'antd';
import CodeMirror from '@uiw/react-codemirror';
import { cpp } from '@codemirror/lang-cpp';
import { indentUnit } from '@codemirror/language';
import { indentLess, indentMore } from '@codemirror/commands';
import { keymap, type EditorView } from '@codemirror/view';
import type { JudgeLanguage, TemplateFields } from '../../api/adminTemplates.ts';
import { FormModal } from './FormModal.tsx';
import { ADMIN_MESSAGES, LIMITS } from './logic/messages.ts';
import { useT } from '../../i18n/index.ts';

interface Props {
  open: boolean;
  title: string;
  languages: JudgeLanguage[];
  initialValues?: Partial<TemplateFields>;
  successMessage: string;
  onSubmit: (values: TemplateFields) => Promise<void>;
  onClose: () => void;
}

const INDENT = '    ';

/** Tab inserts spaces at the cursor; with a selection it indents the selected lines. */
function insertSpaces(view: EditorView): boolean {
  if (view.state.selection.ranges.some((r) => !r.empty)) return indentMore(view);
  view.dispatch(view.state.replaceSelection(INDENT));
  return true;
}

/** The script editor (spec §2): C++ mode, line numbers, bracket matching, Tab inserts spaces. */
function ScriptEditor({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const extensions = useMemo(
    () => [cpp(), indentUnit.of(INDENT), keymap.of([{ key: 'Tab', run: insertSpaces, shift: indentLess }])],
    [],
  );
  return (
    <div data-testid="template-script" style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror
        value={value ?? ''}
        onChange={onChange}
        extensions={extensions}
        height="360px"
        basicSetup={{ lineNumbers: true, bracketMatching: true, indentOnInput: true, tabSize: 4 }}
      />
    </div>
  );
}

/** 0 for an option whose id or name is exactly what was typed, 1 otherwise (the order to sort matches by). */
function exactFirst(option: { value?: string; label?: string }, typed: string): number {
  const wanted = typed.trim().toLowerCase();
  const name = String(option.label ?? '').replace(/ \([^)]*\)$/, '').toLowerCase();
  return String(option.value ?? '').toLowerCase() === wanted || name === wanted ? 0 : 1;
}

const lengthRule = (max: number, message: string) => [
  { required: true, whitespace: true, message },
  { max, message },
];

/**
 * Add and edit template: Language (one of the judge's: typing filters the list, Enter or Tab takes
 * the first match, free text is never kept), Comment and the script.
 */
export function TemplateFormModal(props: Props) {
  const t = useT();
  const options = props.languages.map((l) => ({ value: l.id, label: `${l.name} (${l.id})` }));
  // A template saved with a language the judge no longer offers still shows (and may be kept).
  const current = props.initialValues?.language;
  if (current && !props.languages.some((l) => l.id === current || l.name.toLowerCase() === current.toLowerCase())) {
    options.push({ value: current, label: current });
  }
  const known = new Set(options.map((o) => o.value));
  return (
    <FormModal<TemplateFields>
      title={props.title}
      open={props.open}
      onClose={props.onClose}
      onSubmit={props.onSubmit}
      successMessage={props.successMessage}
      initialValues={props.initialValues}
      width={1000}
      testId="template-modal"
    >
      <Form.Item
        name="language"
        label={t('field.language')}
        rules={[
          ...lengthRule(LIMITS.templateLanguageMax, ADMIN_MESSAGES.templateLanguage),
          {
            validator: async (_: unknown, value?: string) => {
              if (value && !known.has(value)) throw new Error(t('templates.languageUnknown'));
            },
          },
        ]}
        extra={t('templates.languageHelp')}
      >
        <Select
          showSearch
          options={options}
          placeholder={t('problem.chooseLanguage')}
          filterOption={(input, option) => String(option?.label ?? '').toLowerCase().includes(input.trim().toLowerCase())}
          // An exact id or name first: "c" takes C, not C++ or Objective-C.
          filterSort={(a, b, { searchValue }) => exactFirst(a, searchValue) - exactFirst(b, searchValue)}
          data-testid="template-language"
        />
      </Form.Item>
      <Form.Item name="comment" label={t('field.comment')} rules={lengthRule(LIMITS.templateCommentMax, ADMIN_MESSAGES.templateComment)}>
        <Input data-testid="template-comment" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('templates.script')}
        rules={[{ required: true, whitespace: true, message: ADMIN_MESSAGES.templateScript }]}
      >
        <ScriptEditor />
      </Form.Item>
    </FormModal>
  );
}
