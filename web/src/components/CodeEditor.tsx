import { useEffect, useMemo, useRef, useState } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { useT } from '../i18n/index.ts';
import { guessEditorMode, loadEditorMode } from '../lib/editorModes.ts';

export const CODE_BOX_MIN_ROWS = 20;
const ROW_HEIGHT_PX = 20;

interface Props {
  value: string;
  onChange?: (value: string) => void;
  /** The language's editor mode (languages/<id>/language.json `editorMode`). */
  mode?: string;
  /** Without a mode: the language's name or id, and the mode is guessed from it. */
  language?: string;
  minRows?: number;
  readOnly?: boolean;
  /** Ctrl+Enter (Cmd+Enter on a Mac) in the editor. */
  onSubmitShortcut?: () => void;
}

/** The highlighting of a mode, once loaded (none meanwhile, or when it fails to load). */
function useModeExtension(mode: string): Extension {
  const [loaded, setLoaded] = useState<{ mode: string; extension: Extension } | null>(null);
  useEffect(() => {
    let live = true;
    loadEditorMode(mode).then(
      (extension) => live && setLoaded({ mode, extension }),
      () => live && setLoaded({ mode, extension: [] }), // plain text rather than no editor
    );
    return () => {
      live = false;
    };
  }, [mode]);
  return loaded?.mode === mode ? loaded.extension : [];
}

/** A code box with line numbers, bracket matching and the language's highlighting, at least `minRows` rows tall (default 20). */
export function CodeEditor({ value, onChange, mode, language, minRows = CODE_BOX_MIN_ROWS, readOnly, onSubmitShortcut }: Props) {
  const resolved = mode && mode !== 'text/plain' ? mode : guessEditorMode(language);
  const highlighting = useModeExtension(resolved);
  const submitRef = useRef(onSubmitShortcut);
  submitRef.current = onSubmitShortcut;
  const hasShortcut = onSubmitShortcut !== undefined;
  const label = useT()('editor.label');
  const extensions = useMemo(() => {
    // Above the default keymap, whose Mod-Enter inserts a blank line.
    const run = () => {
      submitRef.current?.();
      return true;
    };
        // A name for screen readers: the editor's text box is otherwise unnamed.
    const named = EditorView.contentAttributes.of({ 'aria-label': label });
    return hasShortcut ? [highlighting, named, Prec.highest(keymap.of([{ key: 'Mod-Enter', preventDefault: true, run }]))] : [highlighting, named];
  }, [highlighting, hasShortcut, label]);
  return (
    <div data-testid="code-editor" data-mode={resolved} style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror
        value={value}
        onChange={onChange}
        extensions={extensions}
        readOnly={readOnly}
        editable={!readOnly}
        minHeight={`${minRows * ROW_HEIGHT_PX}px`}
        basicSetup={{ lineNumbers: true, bracketMatching: true, indentOnInput: true, tabSize: 4 }}
      />
    </div>
  );
}
