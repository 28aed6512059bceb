// Ctrl+Enter (Cmd+Enter on a Mac) submits the problem page's code: in the code editor (its own
// key binding) and wherever else on the page the keys are not someone else's — never from a text
// field, a dialog or a drawer (a question being asked is not code to submit).
import { useEffect, useRef } from 'react';

const OTHERS = 'input, textarea, select, [contenteditable="true"], .ant-modal, .ant-drawer';

export function isSubmitShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

export function useSubmitShortcut(submit: () => void): void {
  const latest = useRef(submit);
  latest.current = submit;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isSubmitShortcut(event)) return;
      if (event.target instanceof Element && event.target.closest(OTHERS)) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
