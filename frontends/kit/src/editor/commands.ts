import { Limits } from '@agora/contracts/limits';

/** The editor's text and selection; every command returns the next one. */
export interface EditState {
  text: string;
  start: number;
  end: number;
}

const INDENT = ' '.repeat(Limits.editor.indentSpaces);

function replace(state: EditState, insert: string, select: [number, number] = [insert.length, insert.length]) {
  const text = state.text.slice(0, state.start) + insert + state.text.slice(state.end);
  return { text, start: state.start + select[0], end: state.start + select[1] };
}

const selected = (state: EditState) => state.text.slice(state.start, state.end);

/** Bold and italic: the selection (or a placeholder, selected) between markers. */
export function wrap(state: EditState, marker: string, placeholder: string): EditState {
  const inner = selected(state) || placeholder;
  return replace(state, `${marker}${inner}${marker}`, [marker.length, marker.length + inner.length]);
}

/** The start and end of the whole lines the selection touches. */
function lineRange(state: EditState): [number, number] {
  const from = state.text.lastIndexOf('\n', state.start - 1) + 1;
  const next = state.text.indexOf('\n', state.end);
  return [from, next === -1 ? state.text.length : next];
}

function mapLines(state: EditState, map: (line: string, index: number) => string): EditState {
  const [from, to] = lineRange(state);
  const lines = state.text.slice(from, to).split('\n').map(map).join('\n');
  const text = state.text.slice(0, from) + lines + state.text.slice(to);
  return { text, start: from, end: from + lines.length };
}

/** Headings, quotes and lists: a prefix on every selected line (a placeholder on an empty one). */
export function prefixLines(state: EditState, prefix: (index: number) => string, placeholder: string): EditState {
  if (state.start === state.end && lineRange(state)[0] === lineRange(state)[1]) {
    const head = prefix(0);
    return replace(state, `${head}${placeholder}`, [head.length, head.length + placeholder.length]);
  }
  return mapLines(state, (line, i) => `${prefix(i)}${line}`);
}

/** Tab indents the selected lines by 4 spaces (or inserts them); Shift-Tab outdents. */
export function indent(state: EditState, outdent: boolean): EditState {
  if (!outdent && state.start === state.end) return replace(state, INDENT);
  return mapLines(state, (line) => (outdent ? line.replace(new RegExp(`^ {1,${INDENT.length}}`), '') : INDENT + line));
}

export function horizontalRule(state: EditState): EditState {
  return replace(state, '\n\n----------\n\n');
}

/** Whether code goes in a fenced block: more than one line, or at least 40 characters. */
export const isBlockCode = (code: string) => code.includes('\n') || code.length >= Limits.editor.fencedCodeThreshold;

export function insertCode(state: EditState, code: string, language = ''): EditState {
  if (!isBlockCode(code)) return replace(state, `\`${code}\``);
  const before = state.start > 0 && state.text[state.start - 1] !== '\n' ? '\n' : '';
  return replace(state, `${before}\`\`\`${language}\n${code}\n\`\`\`\n`);
}

/** A link with a name is `[name](url)`; without one it is written in angle brackets. */
export function insertLink(state: EditState, url: string, name: string): EditState {
  return replace(state, name.trim() ? `[${name.trim()}](${url.trim()})` : `<${url.trim()}>`);
}

/** An image goes after the selection, which stays as it was. */
export function insertImage(state: EditState, url: string, alt: string): EditState {
  return replace({ ...state, start: state.end }, `![${alt.trim()}](${url.trim()})`);
}

export const selectedText = selected;
