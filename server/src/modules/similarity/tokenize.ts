// Normalised tokens of a source (issue 31): what winnowing compares. A lexer per language family
// knows the family's comments, strings and keywords; identifiers, numbers and strings become one
// token each (renaming does not change the stream), comments and whitespace vanish, primitive types
// become one type token, and a C/C++/Java I/O statement becomes one `IO` token (cin/cout and
// scanf/printf read alike). A language no family covers gets the generic lexer, which knows no
// comments and no keywords, and the analysis says so (docs/similarity.md).

/** A token: its normalised kind and where it is in the source (character offsets, 1-based line). */
export interface Token {
  kind: string;
  start: number;
  end: number;
  line: number;
}

export type LexerName = 'c-family' | 'python' | 'generic';

interface Family {
  name: LexerName;
  lineComment: string[];
  blockComment: [string, string] | null;
  /** Lines starting with `#` are preprocessor directives (skipped). */
  preprocessor: boolean;
  keywords: ReadonlySet<string>;
  /** Indentation opens and closes blocks (Python). */
  indentBlocks: boolean;
}

const TYPES = new Set([
  'int', 'long', 'short', 'char', 'double', 'float', 'bool', 'boolean', 'byte', 'string', 'String',
  'unsigned', 'signed', 'size_t', 'int64_t', 'int32_t', 'uint64_t', 'uint32_t', 'usize', 'isize',
  'i32', 'i64', 'u32', 'u64', 'f64', 'auto', 'var', 'let', 'val', 'll', 'LL', 'ull', 'Integer', 'Long',
]);
/** Words that say nothing about the algorithm: dropped. */
const DROPPED = new Set(['const', 'static', 'inline', 'register', 'volatile', 'final', 'public', 'private', 'protected', 'mut', 'constexpr']);
const IO_WORDS = new Set(['cin', 'cout', 'cerr', 'scanf', 'printf', 'puts', 'putchar', 'fprintf', 'fscanf', 'System', 'Console', 'fmt', 'println', 'print', 'input', 'write', 'writeln']);

const C_KEYWORDS = new Set([
  'if', 'else', 'for', 'while', 'do', 'switch', 'case', 'default', 'break', 'continue', 'return',
  'struct', 'class', 'void', 'new', 'delete', 'true', 'false', 'null', 'nullptr', 'NULL', 'this',
  'try', 'catch', 'throw', 'sizeof', 'goto', 'typedef', 'template', 'typename', 'namespace', 'using',
  'fn', 'func', 'fun', 'def', 'impl', 'match', 'loop', 'in', 'vector', 'sort', 'push_back', 'memset',
]);
const PYTHON_KEYWORDS = new Set([
  'if', 'elif', 'else', 'for', 'while', 'break', 'continue', 'return', 'def', 'class', 'lambda', 'in',
  'not', 'and', 'or', 'is', 'None', 'True', 'False', 'import', 'from', 'as', 'with', 'try', 'except',
  'finally', 'raise', 'pass', 'yield', 'global', 'nonlocal', 'range', 'len', 'int', 'str', 'sorted',
  'append', 'split', 'input', 'print',
]);

const FAMILIES: Record<LexerName, Family> = {
  'c-family': { name: 'c-family', lineComment: ['//'], blockComment: ['/*', '*/'], preprocessor: true, keywords: C_KEYWORDS, indentBlocks: false },
  python: { name: 'python', lineComment: ['#'], blockComment: null, preprocessor: false, keywords: PYTHON_KEYWORDS, indentBlocks: true },
  generic: { name: 'generic', lineComment: [], blockComment: null, preprocessor: false, keywords: new Set(), indentBlocks: false },
};

const C_FAMILY = /^(c|c\+\+.*|cpp.*|gnu\+\+.*|c \(.*|c#.*|csharp|java( .*)?|javascript.*|typescript.*|node.*|js|ts|go|golang|rust.*|kotlin.*|scala.*|objective-?c.*|swift|dart|php.*)$/;
const PYTHON_FAMILY = /^(python.*|pypy.*|py|py3|ruby|perl|r|r \(.*|sh|bash|posix shell.*)$/;

/** The lexer for a submission's language (its id or display name, any case). */
export function lexerFor(language: string): LexerName {
  const text = language.trim().toLowerCase();
  if (C_FAMILY.test(text)) return 'c-family';
  if (PYTHON_FAMILY.test(text)) return 'python';
  return 'generic';
}

const OPERATORS = ['>>=', '<<=', '...', '::', '->', '=>', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '**', '//'];

export function tokenize(source: string, lexer: LexerName): Token[] {
  const family = FAMILIES[lexer];
  const raw = lex(source, family);
  return normalise(raw, family);
}

function lex(src: string, family: Family): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = true;
  const indents = [0];
  const n = src.length;
  const push = (kind: string, start: number, end: number) => out.push({ kind, start, end, line });
  while (i < n) {
    const c = src[i];
    if (lineStart) {
      let j = i;
      while (j < n && (src[j] === ' ' || src[j] === '\t')) j++;
      if (family.indentBlocks && j < n && src[j] !== '\n' && src[j] !== '\r' && src[j] !== '#') {
        const width = j - i;
        if (width > indents[indents.length - 1]) {
          indents.push(width);
          push('{', j, j);
        }
        while (width < indents[indents.length - 1]) {
          indents.pop();
          push('}', j, j);
        }
      }
      if (family.preprocessor && src[j] === '#') {
        while (j < n && src[j] !== '\n') j++;
        i = j;
        continue;
      }
      lineStart = false;
    }
    if (c === '\n') {
      if (family.indentBlocks && out.length && out[out.length - 1].kind !== 'NL') push('NL', i, i);
      line++;
      i++;
      lineStart = true;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    const lineComment = family.lineComment.find((m) => src.startsWith(m, i));
    if (lineComment) {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (family.blockComment && src.startsWith(family.blockComment[0], i)) {
      const close = src.indexOf(family.blockComment[1], i + 2);
      const end = close < 0 ? n : close + family.blockComment[1].length;
      for (let k = i; k < end; k++) if (src[k] === '\n') line++;
      i = end;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      const triple = family.indentBlocks && src.startsWith(c.repeat(3), i) ? c.repeat(3) : null;
      const start = i;
      const startLine = line;
      i += triple ? 3 : 1;
      while (i < n) {
        if (src[i] === '\\') i += 2;
        else if (triple ? src.startsWith(triple, i) : src[i] === c) {
          i += triple ? 3 : 1;
          break;
        } else {
          if (src[i] === '\n') {
            if (!triple && c !== '`') break;
            line++;
          }
          i++;
        }
      }
      out.push({ kind: 'S', start, end: i, line: startLine });
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const start = i;
      while (i < n && /[0-9A-Za-z_.]/.test(src[i])) i++;
      push('N', start, i);
      continue;
    }
    if (/[A-Za-z_$]/.test(c) || c.charCodeAt(0) > 127) {
      const start = i;
      while (i < n && (/[A-Za-z0-9_$]/.test(src[i]) || src.charCodeAt(i) > 127)) i++;
      push(src.slice(start, i), start, i);
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    const len = op ? op.length : 1;
    push(src.slice(i, i + len), i, i + len);
    i += len;
  }
  return out;
}

/** Words to kinds; drops what cheaters change freely (modifiers, braces, `std::`, I/O's shape). */
function normalise(raw: Token[], family: Family): Token[] {
  const out: Token[] = [];
  const cLike = family.name === 'c-family';
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i];
    const word = /^[A-Za-z_$\u0080-\uffff]/.test(t.kind);
    if (cLike && (t.kind === '{' || t.kind === '}')) continue;
    if (family.name === 'generic' || !word) {
      out.push(word ? { ...t, kind: 'I' } : t);
      continue;
    }
    if (DROPPED.has(t.kind)) continue;
    if (cLike && t.kind === 'std' && raw[i + 1]?.kind === '::') {
      i++;
      continue;
    }
    if (cLike && IO_WORDS.has(t.kind) && startsStatement(out)) {
      // The whole statement is one I/O token: cin >> a >> b; and scanf("%d%d", &a, &b); alike.
      let j = i;
      while (j < raw.length && raw[j].kind !== ';') j++;
      out.push({ kind: 'IO', start: t.start, end: raw[Math.min(j, raw.length - 1)].end, line: t.line });
      i = j;
      continue;
    }
    if (TYPES.has(t.kind)) {
      if (out[out.length - 1]?.kind !== 'T') out.push({ ...t, kind: 'T' });
      else out[out.length - 1] = { ...out[out.length - 1], end: t.end };
      continue;
    }
    out.push({ ...t, kind: family.keywords.has(t.kind) ? t.kind : 'I' });
  }
  return out;
}

function startsStatement(out: Token[]): boolean {
  const prev = out[out.length - 1]?.kind;
  return prev === undefined || prev === ';' || prev === ')' || prev === 'else' || prev === 'do' || prev === ':';
}
