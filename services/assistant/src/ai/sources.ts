import type { AiSource } from '@agora/contracts';
import type { Static } from 'typebox';

type Source = Static<typeof AiSource>;

/**
 * The site's posts a tool's answer named (any object with a `link` under the site's address, titled by its own
 * `title`, or its question's), each once, in the order they came.
 */
export function sourcesOf(toolText: string, siteUrl: string, into: Source[]): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(toolText);
  } catch {
    return;
  }
  const seen = new Set(into.map((s) => s.link));
  const walk = (value: unknown, title: string) => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, title);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const object = value as Record<string, unknown>;
    const own = typeof object.title === 'string' && object.title ? object.title : title;
    const link = object.link;
    if (typeof link === 'string' && link.startsWith(siteUrl) && link.includes('/questions/') && !seen.has(link)) {
      seen.add(link);
      into.push({ title: own || link, link });
    }
    for (const nested of Object.values(object)) if (typeof nested === 'object') walk(nested, own);
  };
  walk(parsed, '');
}

/** The sources as a Markdown list under the reply, in the member's language. */
export function sourcesMarkdown(sources: readonly Source[], language: string): string {
  if (sources.length === 0) return '';
  const heading = language === 'zh_CN' ? '来源' : 'Sources';
  const escaped = (text: string) => text.replace(/([[\]\\])/g, '\\$1');
  return `\n\n**${heading}**\n${sources.map((s) => `- [${escaped(s.title)}](${s.link})`).join('\n')}`;
}
