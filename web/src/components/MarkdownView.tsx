import { useMemo } from 'react';
import { renderStatement } from '@verdict/shared/statement';

/** A problem statement: Markdown with KaTeX maths, raw HTML disabled. */
export function MarkdownView({ source }: { source: string }) {
  const html = useMemo(() => renderStatement(source), [source]);
  return <div className="markdown-body" data-testid="statement" dangerouslySetInnerHTML={{ __html: html }} />;
}
