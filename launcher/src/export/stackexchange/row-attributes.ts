import { attribute } from '../xml-file';

/** A row's attribute value; undefined leaves the attribute out, as the dumps leave out what a row lacks. */
export type DumpValue = string | number | boolean | undefined;

/** `Id="1" PostTypeId="1" …`, escaped, in the order given. */
export function attributes(values: readonly (readonly [string, DumpValue])[]): string {
  const parts: string[] = [];
  for (const [name, value] of values) {
    if (value === undefined) continue;
    const text = typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value);
    parts.push(`${name}="${attribute(text)}"`);
  }
  return parts.join(' ');
}

/** An ISO time as the dumps write it: UTC without a zone (`2008-07-31T21:42:52.667`). */
export function dumpTime(iso: string): string {
  return new Date(iso).toISOString().replace(/Z$/, '');
}

/** Tags as the newer dumps spell them: `|python|regex|`. */
export function dumpTags(slugs: readonly string[]): string | undefined {
  return slugs.length > 0 ? `|${slugs.join('|')}|` : undefined;
}
