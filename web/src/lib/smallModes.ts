// Highlighting for the languages CodeMirror has no mode for (Prolog, Ada, Awk): keywords,
// comments, strings and numbers are enough to read a program by.
import { simpleMode } from '@codemirror/legacy-modes/mode/simple-mode';

const words = (list: string, flags = '') => new RegExp(`(?:${list.trim().split(/\s+/).join('|')})\\b`, flags);

export const prolog = simpleMode({
  start: [
    { regex: /%.*/, token: 'comment' },
    { regex: /\/\*/, token: 'comment', next: 'comment' },
    { regex: /"(?:[^\\"]|\\.)*"?/, token: 'string' },
    { regex: /'(?:[^\\']|\\.)*'?/, token: 'string' },
    { regex: /0'.|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/, token: 'number' },
    { regex: words('is mod rem div xor not true fail false halt'), token: 'keyword' },
    { regex: /[A-Z_]\w*/, token: 'variable-2' },
    { regex: /[a-z]\w*(?=\()/, token: 'def' },
    { regex: /[a-z]\w*/, token: 'atom' },
    { regex: /:-|-->|[=\\<>+\-*/^!;|]+/, token: 'operator' },
  ],
  comment: [
    { regex: /.*?\*\//, token: 'comment', next: 'start' },
    { regex: /.*/, token: 'comment' },
  ],
  languageData: { name: 'prolog', commentTokens: { line: '%', block: { open: '/*', close: '*/' } } },
});

export const ada = simpleMode({
  start: [
    { regex: /--.*/, token: 'comment' },
    { regex: /"(?:[^"]|"")*"?/, token: 'string' },
    { regex: /'.'/, token: 'string' },
    { regex: /\d[\d_]*(?:#[\da-fA-F_]+#)?(?:\.[\d_]+)?(?:[eE][+-]?\d+)?/, token: 'number' },
    {
      regex: words(
        `abort abs abstract accept access aliased all and array at begin body case constant declare delay delta
        digits do else elsif end entry exception exit for function generic goto if in interface is limited loop
        mod new not null of or others out overriding package pragma private procedure protected raise range record
        rem renames requeue return reverse select separate some subtype synchronized tagged task terminate then
        type until use when while with xor`,
        'i',
      ),
      token: 'keyword',
    },
    { regex: words('true false integer natural positive float boolean character string long_long_integer', 'i'), token: 'atom' },
    { regex: /[A-Za-z]\w*/, token: 'variable' },
    { regex: /:=|=>|\.\.|\*\*|\/=|<=|>=|[+\-*/&<>=]/, token: 'operator' },
  ],
  languageData: { name: 'ada', commentTokens: { line: '--' } },
});

export const awk = simpleMode({
  start: [
    { regex: /#.*/, token: 'comment' },
    { regex: /"(?:[^\\"]|\\.)*"?/, token: 'string' },
    { regex: /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/, token: 'number' },
    { regex: /\$(?:\d+|NF|\w+)/, token: 'variable-2' },
    { regex: words('BEGIN END function func if else while for do break continue next nextfile exit return delete in getline print printf'), token: 'keyword' },
    {
      regex: words('length substr index split sub gsub match sprintf sin cos atan2 exp log sqrt int rand srand tolower toupper system close fflush'),
      token: 'builtin',
    },
    { regex: words('NR NF FS OFS RS ORS FILENAME FNR SUBSEP RSTART RLENGTH ENVIRON ARGC ARGV CONVFMT OFMT'), token: 'atom' },
    { regex: /[A-Za-z_]\w*/, token: 'variable' },
    { regex: /[+\-*/%^!<>=~&|?:]+/, token: 'operator' },
  ],
  languageData: { name: 'awk', commentTokens: { line: '#' } },
});
