// Problem statements: Markdown (no raw HTML, statements are untrusted) with KaTeX maths,
// $inline$ and $$display$$. Shared by the problem page and the server's statement PDFs.

import MarkdownIt from 'markdown-it';
import type { MarkdownIt as Markdown, StateBlock, StateInline } from 'markdown-it';
import katex from 'katex';

function renderMath(tex: string, displayMode: boolean): string {
  return katex.renderToString(tex, { displayMode, throwOnError: false, output: 'htmlAndMathml' });
}

function isEscaped(src: string, pos: number): boolean {
  let backslashes = 0;
  for (let i = pos - 1; i >= 0 && src[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 1;
}

function mathInline(state: StateInline, silent: boolean): boolean {
  const src = state.src;
  if (src[state.pos] !== '$' || isEscaped(src, state.pos)) return false;
  const display = src[state.pos + 1] === '$';
  const open = display ? 2 : 1;
  const start = state.pos + open;
  let end = start;
  for (;;) {
    end = src.indexOf(display ? '$$' : '$', end);
    if (end === -1) return false;
    if (!isEscaped(src, end)) break;
    end += 1;
  }
  const content = src.slice(start, end);
  // "$5 and $6" is money, not maths: inline maths may not start or end with a space.
  if (!content || (!display && /^\s|\s$/.test(content))) return false;
  if (!silent) {
    const token = state.push(display ? 'math_display_inline' : 'math_inline', 'math', 0);
    token.content = content;
  }
  state.pos = end + open;
  return true;
}

function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  let pos = state.bMarks[startLine] + state.tShift[startLine];
  let max = state.eMarks[startLine];
  if (state.src.slice(pos, pos + 2) !== '$$') return false;
  if (silent) return true;
  let first = state.src.slice(pos + 2, max);
  let last = '';
  let next = startLine;
  let closed = false;
  if (first.trimEnd().endsWith('$$')) {
    first = first.trimEnd().slice(0, -2);
    closed = true;
  }
  while (!closed) {
    next++;
    if (next >= endLine) break;
    pos = state.bMarks[next] + state.tShift[next];
    max = state.eMarks[next];
    const line = state.src.slice(pos, max);
    if (line.trimEnd().endsWith('$$')) {
      last = line.trimEnd().slice(0, -2);
      closed = true;
    }
  }
  state.line = next + 1;
  const token = state.push('math_block', 'math', 0);
  token.block = true;
  const middle = next > startLine + 1 ? state.getLines(startLine + 1, next, state.tShift[startLine], true) : '';
  token.content = [first, middle, last].filter((part) => part.trim()).join('\n');
  token.map = [startLine, state.line];
  return true;
}

export function createMarkdown(): Markdown {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
  md.inline.ruler.after('escape', 'math_inline', mathInline);
  md.block.ruler.after('blockquote', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules.math_inline = (tokens, idx) => renderMath(tokens[idx].content, false);
  md.renderer.rules.math_display_inline = (tokens, idx) => renderMath(tokens[idx].content, true);
  md.renderer.rules.math_block = (tokens, idx) => `<div class="math-block">${renderMath(tokens[idx].content, true)}</div>\n`;
  return md;
}

let shared: Markdown | null = null;

export function renderStatement(markdown: string): string {
  shared ??= createMarkdown();
  return shared.render(markdown);
}
