import { useMemo } from 'react';
import { AutoComplete, Form, Input } from 'antd';
import CodeMirror from '@uiw/react-codemirror';
import { cpp } from '@codemirror/lang-cpp';
import { indentUnit } from '@codemirror/language';
import { indentLess, indentMore } from '@codemirror/commands';
import { keymap, type EditorView } from '@codemirror/view';
import type { JudgeLanguage, TemplateFields } from '../../api/adminTemplates.ts';
import { FormModal } from './FormModal.tsx';
import { ADMIN_MESSAGES, LIMITS } from './logic/messages.ts';

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

const lengthRule = (max: number, message: string) => [
  { required: true, whitespace: true, message },
  { max, message },
];

/** Add and edit template: Language (one of the judge's, or typed), Comment and the script. */
export function TemplateFormModal(props: Props) {
  const options = props.languages.map((l) => ({ value: l.id, label: `${l.name} (${l.id})` }));
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
        label="Language"
        rules={lengthRule(LIMITS.templateLanguageMax, ADMIN_MESSAGES.templateLanguage)}
        extra="One of the judge's languages (its id or name)."
      >
        <AutoComplete
          options={options}
          filterOption={(input, option) => String(option?.label ?? '').toLowerCase().includes(input.toLowerCase())}
          data-testid="template-language"
        >
          <Input data-testid="template-language-input" />
        </AutoComplete>
      </Form.Item>
      <Form.Item name="comment" label="Comment" rules={lengthRule(LIMITS.templateCommentMax, ADMIN_MESSAGES.templateComment)}>
        <Input data-testid="template-comment" />
      </Form.Item>
      <Form.Item
        name="description"
        label="Script"
        rules={[{ required: true, whitespace: true, message: ADMIN_MESSAGES.templateScript }]}
      >
        <ScriptEditor />
      </Form.Item>
    </FormModal>
  );
}
