import { useMemo } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { cpp } from '@codemirror/lang-cpp';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import type { Extension } from '@codemirror/state';

export const CODE_BOX_MIN_ROWS = 20;
const ROW_HEIGHT_PX = 20;

/** The CodeMirror language for a template or language name ("C++17", "Python 3", "java"...). */
export function languageExtension(language: string | undefined): Extension[] {
  const name = (language ?? '').toLowerCase();
  if (/java(?!script)/.test(name) || name === 'kotlin') return [java()];
  if (/py/.test(name)) return [python()];
  if (/javascript|node|js|typescript/.test(name)) return [javascript({ typescript: /typescript/.test(name) })];
  if (/c\+\+|cpp|^c\b|^c$|gcc|clang|c11|c17/.test(name)) return [cpp()];
  return [];
}

interface Props {
  value: string;
  onChange?: (value: string) => void;
  language?: string;
  minRows?: number;
  readOnly?: boolean;
}

/** A code box with line numbers and bracket matching, at least `minRows` rows tall (default 20). */
export function CodeEditor({ value, onChange, language, minRows = CODE_BOX_MIN_ROWS, readOnly }: Props) {
  const extensions = useMemo(() => languageExtension(language), [language]);
  return (
    <div data-testid="code-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror
        value={value}
        onChange={onChange}
        extensions={extensions}
        readOnly={readOnly}
        minHeight={`${minRows * ROW_HEIGHT_PX}px`}
        basicSetup={{ lineNumbers: true, bracketMatching: true, indentOnInput: true, tabSize: 4 }}
      />
    </div>
  );
}
