// One-click copy of a statement's samples (issue 17): a "Copy" button on each code block (the
// samples of packages, "Sample Input 1" and its block) and on each table cell that is only code
// (the samples tables of Markdown statements). The statement's HTML is rendered as a whole, so
// the buttons are added to its DOM after each render; the text copied is read before that.
import { copyText } from './clipboard.ts';

export interface CopyTexts {
  copy: string;
  copied: string;
  failed: string;
}

const COPIED_SHOWN_MS = 1500;

function copyButton(text: string, texts: CopyTexts, onFailure: (message: string) => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'sample-copy';
  button.dataset.testid = 'copy-sample';
  button.textContent = texts.copy;
  button.title = texts.copy;
  let timer: ReturnType<typeof setTimeout> | undefined;
  button.addEventListener('click', () => {
    void copyText(text).then((done) => {
      if (!done) return onFailure(texts.failed);
      button.textContent = texts.copied;
      clearTimeout(timer);
      timer = setTimeout(() => (button.textContent = texts.copy), COPIED_SHOWN_MS);
    });
  });
  return button;
}

/** Adds the copy buttons to a rendered statement; returns how many. */
export function addSampleCopyButtons(root: HTMLElement, texts: CopyTexts, onFailure: (message: string) => void): number {
  let added = 0;
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    const text = pre.textContent ?? '';
    const wrapper = document.createElement('div');
    wrapper.className = 'sample-block';
    pre.replaceWith(wrapper);
    wrapper.append(pre, copyButton(text, texts, onFailure));
    added++;
  }
  for (const cell of Array.from(root.querySelectorAll('td'))) {
    const only = cell.children.length === 1 && cell.firstElementChild?.tagName === 'CODE' && cell.textContent?.trim() === cell.firstElementChild.textContent?.trim();
    if (!only || !cell.textContent?.trim()) continue;
    cell.classList.add('sample-cell');
    cell.append(copyButton(cell.firstElementChild!.textContent ?? '', texts, onFailure));
    added++;
  }
  return added;
}
