import TurndownService from 'turndown';
import { taskListItems } from 'turndown-plugin-gfm';

/**
 * A Stack Exchange body (rendered HTML) as Agora's Markdown (docs/adr/0094-importing-a-community.md: texts come in
 * as Markdown), so that Agora's renderer shows the same structure: fenced code keeps its text and language, lists
 * keep their nesting, tables become GFM tables, and what Markdown has no syntax for (`<kbd>`, `<sup>`, `<sub>`) stays
 * as the inline HTML the renderer allows.
 */
export function htmlToMarkdown(html: string): string {
  if (html.trim() === '') return '';
  return service.turndown(html).trim();
}

/** What the rules read of turndown's DOM nodes (the launcher compiles without the DOM's types). */
interface DomNode {
  nodeName: string;
  nodeType: number;
  childNodes: ArrayLike<DomNode>;
  parentNode: DomNode | null;
  firstElementChild: DomNode | null;
  textContent: string | null;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelector(selectors: string): unknown;
}

const dom = (node: unknown) => node as DomNode;

const service = new TurndownService({
  headingStyle: 'atx',
  hr: '* * *',
  bulletListMarker: '-',
  codeBlockStyle: 'fenced',
  emDelimiter: '*',
  strongDelimiter: '**',
});

service.use(taskListItems);
service.keep(['kbd', 'sup', 'sub']);

const escapeMarkdown = service.escape.bind(service);
// Text that reads like markup (`&lt;div&gt;`, `&amp;copy;`) must stay text: the renderer takes raw HTML.
service.escape = (text: string) => escapeMarkdown(text).replace(/&/g, '&amp;').replace(/</g, '&lt;');

service.addRule('codeBlock', {
  filter: (node) => dom(node).nodeName === 'PRE',
  replacement: (_content, node) => {
    const element = dom(node);
    const code = element.firstElementChild?.nodeName === 'CODE' ? element.firstElementChild : element;
    const text = (code.textContent ?? '').replace(/\n$/, '');
    const language = languageOf(element) ?? languageOf(code) ?? '';
    const longestRun = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
    const fence = '`'.repeat(longestRun + 1);
    return `\n\n${fence}${language}\n${text}\n${fence}\n\n`;
  },
});

service.addRule('strikethrough', {
  filter: ['del', 's', 'strike'],
  replacement: (content) => `~~${content}~~`,
});

service.addRule('tableCell', {
  filter: ['th', 'td'],
  replacement: (content) => ` ${content.replace(/\n+/g, ' ').replace(/\|/g, '\\|').trim()} |`,
});

service.addRule('tableRow', {
  filter: 'tr',
  replacement: (content, node) => {
    const row = `\n|${content}`;
    if (!isHeaderRow(dom(node))) return row;
    const rule = cellsOf(dom(node))
      .map((cell) => alignmentRule(cell.getAttribute('align') ?? alignFromStyle(cell)))
      .join('|');
    return `${row}\n|${rule}|`;
  },
});

service.addRule('tableSection', {
  filter: ['thead', 'tbody', 'tfoot'],
  replacement: (content) => content,
});

service.addRule('table', {
  filter: (node) => dom(node).nodeName === 'TABLE' && tableIsSimple(dom(node)),
  replacement: (content) => `\n\n${content.replace(/\n+/g, '\n').trim()}\n\n`,
});

// A table GFM cannot write (no header row, merged cells, a block inside a cell) stays HTML, which the renderer keeps.
service.keep((node) => dom(node).nodeName === 'TABLE' && !tableIsSimple(dom(node)));

function languageOf(node: DomNode): string | undefined {
  const classes = (node.getAttribute('class') ?? '').split(/\s+/);
  for (const name of classes) {
    const match = /^(?:lang|language)-([\w+#.-]+)$/.exec(name);
    if (match?.[1] && match[1] !== 'none') return match[1];
  }
  return undefined;
}

function elementsOf(node: DomNode): DomNode[] {
  return Array.from(node.childNodes).filter((child): child is DomNode => child.nodeType === 1);
}

function cellsOf(row: DomNode): DomNode[] {
  return elementsOf(row).filter((child) => child.nodeName === 'TH' || child.nodeName === 'TD');
}

function rowsOf(table: DomNode): DomNode[] {
  const rows: DomNode[] = [];
  for (const child of elementsOf(table)) {
    if (child.nodeName === 'TR') rows.push(child);
    else if (['THEAD', 'TBODY', 'TFOOT'].includes(child.nodeName))
      rows.push(...elementsOf(child).filter((row) => row.nodeName === 'TR'));
  }
  return rows;
}

function isHeaderRow(row: DomNode): boolean {
  const table = row.parentNode?.nodeName === 'TABLE' ? row.parentNode : row.parentNode?.parentNode;
  return table ? rowsOf(table)[0] === row : false;
}

function tableIsSimple(table: DomNode): boolean {
  const rows = rowsOf(table);
  const first = rows[0];
  if (!first) return false;
  const header = cellsOf(first);
  if (header.length === 0 || !header.every((cell) => cell.nodeName === 'TH')) return false;
  return rows.every((row) =>
    cellsOf(row).every(
      (cell) =>
        !cell.hasAttribute('colspan') &&
        !cell.hasAttribute('rowspan') &&
        !cell.querySelector('p, pre, ul, ol, table, blockquote, h1, h2, h3, h4, h5, h6, br'),
    ),
  );
}

function alignFromStyle(cell: DomNode): string {
  return /text-align\s*:\s*(left|center|right)/i.exec(cell.getAttribute('style') ?? '')?.[1] ?? '';
}

function alignmentRule(align: string): string {
  switch (align.toLowerCase()) {
    case 'left':
      return ':---';
    case 'center':
      return ':---:';
    case 'right':
      return '---:';
    default:
      return '---';
  }
}
