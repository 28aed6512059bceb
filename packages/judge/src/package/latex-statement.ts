// A Kattis LaTeX statement (problem_statement/problem.<lang>.tex, the problemtools class's
// subset) as Markdown with KaTeX maths, which the web app and the PDF renderer show: sections,
// lists, emphasis, verbatim, simple tables and maths; what has no Markdown form (pictures) is
// named in the text. As problemtools does, the samples of data/sample are appended.
// Linear in the input: a scanner, no backtracking regular expressions over the whole text.

const SECTION: Record<string, string> = { section: '##', subsection: '###', subsubsection: '####' };
const INLINE: Record<string, [string, string]> = {
  emph: ['*', '*'],
  textit: ['*', '*'],
  textsl: ['*', '*'],
  textbf: ['**', '**'],
  texttt: ['`', '`'],
  underline: ['', ''],
  textrm: ['', ''],
  textsf: ['', ''],
  mbox: ['', ''],
  url: ['<', '>'],
};
const SYMBOLS: Record<string, string> = {
  ldots: '…',
  dots: '…',
  cdots: '⋯',
  textbackslash: '\\',
  LaTeX: 'LaTeX',
  TeX: 'TeX',
  'textasciitilde': '~',
  textendash: '–',
  textemdash: '—',
  times: '×',
  quad: ' ',
  qquad: '  ',
  noindent: '',
  medskip: '',
  bigskip: '',
  smallskip: '',
  newline: '\n',
  par: '\n\n',
  centering: '',
  clearpage: '',
  newpage: '',
};
/** Commands whose arguments are dropped with them. */
const DROPPED = new Set(['problemname', 'label', 'vspace', 'hspace', 'setlength', 'newcommand', 'renewcommand', 'usepackage', 'documentclass', 'nextsample', 'remainingsamples', 'sampletable', 'sampletableinteractive']);
const MAX_DEPTH = 50;
const ESCAPED = new Set(['&', '%', '$', '#', '_', '{', '}', ' ']);

export interface Sample {
  name: string;
  input: string;
  output: string;
}

export function latexToMarkdown(tex: string, samples: Sample[] = []): string {
  const body = documentBody(stripComments(tex));
  let md = new Converter(body).run();
  md = md.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  return `${md}\n${samplesMarkdown(samples)}`;
}

function stripComments(tex: string): string {
  return tex
    .split('\n')
    .map((line) => {
      for (let i = 0; i < line.length; i++) {
        if (line[i] === '\\') i++;
        else if (line[i] === '%') return line.slice(0, i);
      }
      return line;
    })
    .join('\n');
}

function documentBody(tex: string): string {
  const begin = tex.indexOf('\\begin{document}');
  const end = tex.indexOf('\\end{document}');
  return tex.slice(begin >= 0 ? begin + '\\begin{document}'.length : 0, end >= 0 ? end : tex.length);
}

function samplesMarkdown(samples: Sample[]): string {
  return samples
    .map((s, i) => {
      const n = samples.length > 1 ? ` ${i + 1}` : '';
      return `\n## Sample Input${n}\n\n${fence(s.input)}\n\n## Sample Output${n}\n\n${fence(s.output)}\n`;
    })
    .join('');
}

function fence(text: string): string {
  const ticks = text.includes('```') ? '~~~~' : '```';
  return `${ticks}\n${text.replace(/\n$/, '')}\n${ticks}`;
}

class Converter {
  private i = 0;
  private depth = 0;
  private readonly lists: ('itemize' | 'enumerate')[] = [];

  constructor(private readonly s: string) {}

  run(until?: string): string {
    // Deep nesting (a hostile or broken file) is read as plain text, not recursed into.
    if (until && this.depth >= MAX_DEPTH) {
      const close = this.s.indexOf(until, this.i);
      const text = this.s.slice(this.i, close < 0 ? this.s.length : close);
      this.i = close < 0 ? this.s.length : close + until.length;
      return text;
    }
    this.depth++;
    try {
      return this.scan(until);
    } finally {
      this.depth--;
    }
  }

  private scan(until?: string): string {
    let out = '';
    while (this.i < this.s.length) {
      if (until && this.s.startsWith(until, this.i)) {
        this.i += until.length;
        return out;
      }
      const c = this.s[this.i];
      if (c === '$' || this.s.startsWith('\\[', this.i) || this.s.startsWith('\\(', this.i)) out += this.math();
      else if (c === '\\') out += this.command();
      else if (c === '{') {
        this.i++;
        out += this.run('}');
      } else if (c === '~') {
        out += '\u00a0';
        this.i++;
      } else if (this.s.startsWith('---', this.i)) {
        out += '—';
        this.i += 3;
      } else if (this.s.startsWith('--', this.i)) {
        out += '–';
        this.i += 2;
      } else if (this.s.startsWith('``', this.i) || this.s.startsWith("''", this.i)) {
        out += '"';
        this.i += 2;
      } else if (c === '*' || c === '_' || c === '<' || c === '>' || c === '|') {
        // Markdown would read these as emphasis, HTML or a table.
        out += `\\${c}`;
        this.i++;
      } else {
        out += c;
        this.i++;
      }
    }
    return out;
  }

  /** $…$, $$…$$, \(…\), \[…\]: kept for KaTeX as $…$ and $$…$$. */
  private math(): string {
    const pairs: [string, string, boolean][] = [
      ['$$', '$$', true],
      ['\\[', '\\]', true],
      ['$', '$', false],
      ['\\(', '\\)', false],
    ];
    const [open, close, display] = pairs.find(([o]) => this.s.startsWith(o, this.i))!;
    const start = this.i + open.length;
    let end = start;
    while (end < this.s.length && !this.s.startsWith(close, end)) end += this.s[end] === '\\' ? 2 : 1;
    const inner = this.s.slice(start, end).trim();
    this.i = Math.min(this.s.length, end + close.length);
    return display ? `\n\n$$${inner}$$\n\n` : `$${inner}$`;
  }

  private name(): string {
    const m = /^[A-Za-z]+\*?/.exec(this.s.slice(this.i, this.i + 40));
    if (m) {
      this.i += m[0].length;
      return m[0];
    }
    return this.s[this.i++] ?? '';
  }

  private skipSpaces(): void {
    while (this.s[this.i] === ' ' || this.s[this.i] === '\t') this.i++;
  }

  /** A {…} argument converted, or '' when there is none; `[…]` options are skipped. */
  private argument(): string {
    this.skipSpaces();
    if (this.s[this.i] === '[') {
      const close = this.s.indexOf(']', this.i);
      this.i = close < 0 ? this.s.length : close + 1;
      this.skipSpaces();
    }
    if (this.s[this.i] !== '{') return '';
    this.i++;
    return this.run('}');
  }

  /** A {…} argument as raw text (verbatim names, environments). */
  private rawArgument(): string {
    this.skipSpaces();
    if (this.s[this.i] !== '{') return '';
    const close = this.s.indexOf('}', this.i);
    const text = this.s.slice(this.i + 1, close < 0 ? this.s.length : close);
    this.i = close < 0 ? this.s.length : close + 1;
    return text;
  }

  private command(): string {
    this.i++; // the backslash
    if (this.s[this.i] === '\\') {
      this.i++;
      return '  \n';
    }
    if (ESCAPED.has(this.s[this.i])) {
      const c = this.s[this.i++];
      return c === '_' || c === '#' ? `\\${c}` : c;
    }
    const name = this.name();
    const bare = name.replace(/\*$/, '');
    if (SECTION[bare]) return `\n\n${SECTION[bare]} ${this.argument().trim()}\n\n`;
    if (INLINE[bare]) {
      const [a, b] = INLINE[bare];
      const inner = bare === 'texttt' || bare === 'url' ? this.rawArgument() : this.argument();
      return `${a}${inner}${b}`;
    }
    if (bare === 'verb') {
      const delimiter = this.s[this.i];
      const close = this.s.indexOf(delimiter, this.i + 1);
      const text = this.s.slice(this.i + 1, close < 0 ? this.s.length : close);
      this.i = close < 0 ? this.s.length : close + 1;
      return `\`${text}\``;
    }
    if (bare === 'begin') return this.environment(this.rawArgument());
    if (bare === 'end') {
      this.rawArgument();
      return '';
    }
    if (bare === 'item') {
      const depth = Math.max(0, this.lists.length - 1);
      const marker = this.lists.at(-1) === 'enumerate' ? '1.' : '-';
      this.skipSpaces();
      if (this.s[this.i] === '[') return `\n${'  '.repeat(depth)}- **${this.optional()}** `;
      return `\n${'  '.repeat(depth)}${marker} `;
    }
    if (bare === 'illustration' || bare === 'includegraphics') {
      const args = bare === 'illustration' ? [this.argument(), this.rawArgument(), this.argument()] : ['', this.rawArgument(), ''];
      return `\n\n*(Figure: ${args[1]}${args[2] ? ` — ${args[2].trim()}` : ''})*\n\n`;
    }
    if (bare === 'footnote') return ` (${this.argument().trim()})`;
    if (DROPPED.has(bare)) {
      while (this.s[this.i] === '{' || this.s[this.i] === '[') {
        if (this.s[this.i] === '[') this.optional();
        else this.argument();
      }
      return '';
    }
    if (bare in SYMBOLS) return SYMBOLS[bare];
    // An unknown command: its argument's text, if any.
    return this.s[this.i] === '{' ? this.argument() : '';
  }

  private optional(): string {
    const close = this.s.indexOf(']', this.i);
    const text = this.s.slice(this.i + 1, close < 0 ? this.s.length : close);
    this.i = close < 0 ? this.s.length : close + 1;
    return text;
  }

  private environment(name: string): string {
    const end = `\\end{${name}}`;
    if (name === 'verbatim' || name === 'lstlisting') {
      const close = this.s.indexOf(end, this.i);
      const text = this.s.slice(this.i, close < 0 ? this.s.length : close).replace(/^\n/, '');
      this.i = close < 0 ? this.s.length : close + end.length;
      return `\n\n${fence(text)}\n\n`;
    }
    if (/^(equation|align|gather|displaymath|eqnarray|multline)\*?$/.test(name)) {
      const close = this.s.indexOf(end, this.i);
      const inner = this.s.slice(this.i, close < 0 ? this.s.length : close).trim();
      this.i = close < 0 ? this.s.length : close + end.length;
      const wrapped = name.startsWith('align') || name.startsWith('eqnarray') ? `\\begin{aligned}${inner}\\end{aligned}` : inner;
      return `\n\n$$${wrapped}$$\n\n`;
    }
    if (name === 'itemize' || name === 'enumerate' || name === 'description') {
      this.lists.push(name === 'enumerate' ? 'enumerate' : 'itemize');
      const inner = this.run(end);
      this.lists.pop();
      return `\n${inner}\n\n`;
    }
    if (name === 'tabular') {
      this.rawArgument(); // the column spec
      return `\n\n${table(this.run(end))}\n\n`;
    }
    // center, figure, quote, minipage…: their content.
    return this.run(end);
  }
}

/** A converted tabular body (rows end with a line break, cells split at &) as a Markdown table. */
function table(body: string): string {
  const rows = body
    .split(/ {2}\n/)
    .map((r) => r.replace(/\\hline|\\cline\{[^}]*\}/g, '').trim())
    .filter((r) => r !== '')
    .map((r) => r.split('&').map((c) => c.trim().replace(/\n/g, ' ')));
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (cells: string[]) => `| ${[...cells, ...Array(width - cells.length).fill('')].join(' | ')} |`;
  return [line(rows[0]), `|${' --- |'.repeat(width)}`, ...rows.slice(1).map(line)].join('\n');
}
