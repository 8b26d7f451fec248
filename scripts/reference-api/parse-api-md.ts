import type { RefAnswer, RefAuth, RefRoute, RefRouteList, RefType } from './reference-types';

/**
 * Reads the reference API's compact reference (a markdown file of route tables and schema lists, in its
 * own notation: `Name{field:type, …}`, `[]X`, `page{count:int, list:[]X}`, `map[str]X`, `A **or** B`,
 * `spec: X ⚠; ‡Go: Y` where the handler answers Y) into routes and shapes.
 */

const SCALARS: Record<string, RefType> = {
  str: { kind: 'string' },
  time: { kind: 'string' },
  int: { kind: 'integer' },
  num: { kind: 'number' },
  bool: { kind: 'boolean' },
  null: { kind: 'null' },
  obj: { kind: 'object' },
  any: { kind: 'any' },
  file: { kind: 'any' },
};

const AUTHS: RefAuth[] = ['opt-tok', 'opt-h', 'opt', 'none', 'login', 'user', 'admin', 'apikey'];

/** A table row's cells; `\|` inside a cell is a pipe of the cell's text. */
function cells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '\\' && inner[i + 1] === '|') {
      current += '|';
      i++;
    } else if (inner[i] === '|') {
      out.push(current.trim());
      current = '';
    } else current += inner[i];
  }
  out.push(current.trim());
  return out;
}

/** Splits at top-level separators (outside braces, brackets, parentheses and ⟨⟩). */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if ('{[(⟨'.includes(ch)) depth++;
    else if ('}])⟩'.includes(ch)) depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** The index of the brace closing the one at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`unbalanced braces in ${text}`);
}

/** A field's JSON key: `records⚠(JSON key is list)` is sent as `list`; `name*` marks a required one. */
function fieldKey(raw: string): string {
  const renamed = /\(JSON key is (\w+)\)/.exec(raw);
  if (renamed) return renamed[1] ?? '';
  return raw.replace(/[*†⚠‡]/g, '').trim();
}

function parseFields(body: string): Record<string, RefType> {
  const fields: Record<string, RefType> = {};
  for (const part of splitTop(body, ',')) {
    const colon = splitTop(part, ':');
    if (colon.length < 2) {
      // `obj{title,url_title,tags}`: an inline struct that names its fields only.
      fields[fieldKey(part)] = { kind: 'any' };
      continue;
    }
    const [name, ...rest] = colon;
    fields[fieldKey(name ?? '')] = parseType(rest.join(':'));
  }
  return fields;
}

/** One type in the reference's notation. */
export function parseType(input: string): RefType {
  let text = input.trim();
  const options = splitTop(text, '**or**');
  if (options.length > 1) return { kind: 'union', options: options.map(parseType) };
  // Constraints after a type: `str(len ≤500)`, `int(1..65535)`, `str({a|b})`.
  text = text.replace(/\((?:len |[\d≥≤{]).*\)$/, '').trim();
  if (text.startsWith('[]')) return { kind: 'array', items: parseType(text.slice(2)) };
  if (text.startsWith('map[str]')) return { kind: 'map', values: parseType(text.slice('map[str]'.length)) };
  const brace = text.indexOf('{');
  if (brace >= 0 && closing(text, brace) === text.length - 1) {
    const name = text.slice(0, brace).replace(/[†‡]/g, '').trim();
    const fields = parseFields(text.slice(brace + 1, -1));
    // `page{count, list}` is the pager; `obj{…}` an anonymous struct.
    return name && name !== 'page' && name !== 'obj' ? { kind: 'object', name, fields } : { kind: 'object', fields };
  }
  const bare = text
    .replace(/⟨.*⟩$/, '')
    .replace(/[†‡⚠*]/g, '')
    .trim();
  const scalar = SCALARS[bare];
  if (scalar) return scalar;
  if (/^[\w.]+$/.test(bare)) return { kind: 'object', name: bare };
  throw new Error(`cannot read the type "${input}"`);
}

/** The handler's answer, from a route's `data` cell. */
export function parseAnswer(cell: string): { answer: RefAnswer; shape: string } {
  if (cell.includes('non-envelope') || cell.includes('raw handler')) {
    return { answer: { envelope: false, note: cell.replace(/[()]/g, '').trim() }, shape: cell };
  }
  let shape = cell;
  const go = cell.indexOf('‡Go:');
  if (go >= 0) shape = cell.slice(go + '‡Go:'.length);
  else if (cell.startsWith('spec:')) {
    // `spec:no-schema; ‡X`, `spec:str ⚠; null`: what follows the first top-level `;` is the handler's.
    const parts = splitTop(cell, ';');
    shape = parts.length > 1 ? parts.slice(1).join(';') : 'any';
  }
  shape = shape.trim().replace(/^‡/, '');
  // `null (validation errors: []FormErrorField)`: success answers null.
  if (shape.startsWith('null')) shape = 'null';
  return { answer: { envelope: true, data: parseType(shape) }, shape: shape.trim() };
}

function parseAuth(cell: string): RefAuth {
  const found = AUTHS.find((a) => cell === a || cell.startsWith(a));
  if (!found) throw new Error(`unknown auth "${cell}"`);
  return found;
}

const PREFIX_OF = /\(prefix `([^`]+)`\)/;

/** The routes of every endpoint table, with their full paths. */
function parseRoutes(lines: string[]): RefRoute[] {
  const routes: RefRoute[] = [];
  let prefix = '';
  let group = '';
  let inEndpoints = false;
  for (const line of lines) {
    if (line.startsWith('## ')) inEndpoints = line.trim() === '## Endpoints';
    if (!inEndpoints) continue;
    if (line.startsWith('### ')) {
      group = line.slice(4).replace(PREFIX_OF, '').trim();
      // Installation and the files outside the prefixes give whole paths.
      prefix = PREFIX_OF.exec(line)?.[1] ?? '';
      continue;
    }
    if (line.startsWith('#### ')) {
      group = line.slice(5).trim();
      continue;
    }
    if (!/^\| (GET|POST|PUT|DELETE) \|/.test(line)) continue;
    const [method, pathCell, authCell, , dataCell] = cells(line);
    const path = /`([^`]+)`/.exec(pathCell ?? '')?.[1];
    if (!path) throw new Error(`no path in ${line}`);
    const { answer, shape } = parseAnswer(dataCell ?? '');
    routes.push({
      method: method as RefRoute['method'],
      path: `${prefix}${path}`,
      group,
      auth: parseAuth(authCell ?? ''),
      answer,
      shape,
    });
  }
  return routes;
}

/** Named structs: the tables of the core objects and the list of the others. */
function parseSchemas(lines: string[]): RefRouteList['schemas'] {
  const schemas: RefRouteList['schemas'] = {};
  let current: string | null = null;
  let inList = false;
  for (const line of lines) {
    if (line.startsWith('#')) inList = line.trim() === '### Other referenced schemas';
    const titled = /^\*\*[^*]+\*\* — `([^`]+)`/.exec(line);
    if (titled) {
      current = (titled[1] ?? '').replace(/[†‡]/g, '');
      schemas[current] = {};
      continue;
    }
    if (current && line.startsWith('| `')) {
      const [field, type] = cells(line);
      const schema = schemas[current];
      if (schema) schema[fieldKey((field ?? '').replace(/`/g, ''))] = parseType(type ?? '');
      continue;
    }
    if (line.startsWith('#')) current = null;
    const listed = inList ? /^- \*\*([^*]+)\*\*: (.*)$/.exec(line) : null;
    if (listed) {
      const name = (listed[1] ?? '').replace(/[†‡]/g, '');
      const body = listed[2] ?? '';
      // An enum or a scalar alias (`BadgeStatus: str ({active|inactive})`) is no struct.
      if (/^(str|int) \(/.test(body)) continue;
      schemas[name] = parseFields(body);
    }
  }
  return schemas;
}

export function parseApiReference(markdown: string, source: string): RefRouteList {
  const lines = markdown.split('\n');
  return { source, routes: parseRoutes(lines), schemas: parseSchemas(lines) };
}
