import { useEffect, useMemo, useRef } from 'react';
import { renderStatement } from '@verdict/shared/statement';
import { addSampleCopyButtons } from '../lib/copySamples.ts';
import { notify } from '../feedback.ts';
import { useT } from '../i18n/index.ts';
// KaTeX's styles come with the statements, not with every page of the app.
import 'katex/dist/katex.min.css';

/** A problem statement: Markdown with KaTeX maths, raw HTML disabled; each sample has a copy button. */
export function MarkdownView({ source }: { source: string }) {
  const t = useT();
  const html = useMemo(() => renderStatement(source), [source]);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    // Anew on each render of the HTML (and in the language chosen): the old buttons go with it.
    element.innerHTML = html;
    addSampleCopyButtons(element, { copy: t('statement.copy'), copied: t('statement.copied'), failed: t('statement.copyFailed') }, (message) => notify.error(message));
  }, [html, t]);
  return <div className="markdown-body" data-testid="statement" ref={root} />;
}
