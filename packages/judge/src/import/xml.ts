// A small XML reader for the documents importers read (Polygon's problem.xml, FPS): elements,
// attributes, text, CDATA and the five predefined entities and character references. No DTD is
// read and no entity defined (nothing to expand: a "billion laughs" document is only text here).
import { PackageError } from '../package/errors.ts';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The text directly inside it (CDATA included), entities decoded. */
  text: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });
}

/** The document's root element; `what` names the file in errors. */
export function parseXml(source: string, what: string): XmlElement {
  const fail = (why: string, at: number): never => {
    const line = source.slice(0, at).split('\n').length;
    throw new PackageError(`${what} is not valid XML (line ${line}): ${why}`);
  };
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const text = source.slice(i, lt === -1 ? source.length : lt);
    if (stack.length > 0) stack[stack.length - 1].text += decode(text);
    else if (text.trim() && text.trim() !== '\uFEFF') fail('text outside the root element', i);
    if (lt === -1) break;
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt + 4);
      if (end === -1) fail('a comment is not closed', lt);
      i = end + 3;
    } else if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt + 9);
      if (end === -1) fail('a CDATA section is not closed', lt);
      if (stack.length === 0) fail('CDATA outside the root element', lt);
      stack[stack.length - 1].text += source.slice(lt + 9, end);
      i = end + 3;
    } else if (source.startsWith('<?', lt) || source.startsWith('<!', lt)) {
      const end = source.indexOf('>', lt);
      if (end === -1) fail('a declaration is not closed', lt);
      i = end + 1;
    } else if (source[lt + 1] === '/') {
      const end = source.indexOf('>', lt);
      if (end === -1) fail('a closing tag is not closed', lt);
      const name = source.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) fail(`</${name}> closes ${open ? `<${open.name}>` : 'nothing'}`, lt);
      i = end + 1;
    } else {
      const tag = /^<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/.exec(source.slice(lt, lt + 64 * 1024));
      if (!tag) fail('a tag that cannot be read', lt);
      const attributes: Record<string, string> = {};
      for (const m of tag![2].matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attributes[m[1]] = decode(m[2] ?? m[3]);
      const element: XmlElement = { name: tag![1], attributes, children: [], text: '' };
      if (stack.length > 0) stack[stack.length - 1].children.push(element);
      else if (root) fail('a second root element', lt);
      else root = element;
      if (!tag![3]) stack.push(element);
      i = lt + tag![0].length;
    }
  }
  if (stack.length > 0) fail(`<${stack[stack.length - 1].name}> is not closed`, source.length);
  if (!root) fail('no element', 0);
  return root!;
}

/** The first child of that name, following a path of names (`child(problem, 'judging', 'testset')`). */
export function child(element: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  let at = element;
  for (const name of names) at = at?.children.find((c) => c.name === name);
  return at;
}

/** Every child of that name (after following the path to its parent). */
export function children(element: XmlElement | undefined, ...path: string[]): XmlElement[] {
  const name = path.pop()!;
  return child(element, ...path)?.children.filter((c) => c.name === name) ?? [];
}
