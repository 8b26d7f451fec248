import { markdown } from './markdown';
import { sanitizeRenderedHtml } from './sanitize';

/**
 * User markdown to safe HTML. Preview (`post/render`) and stored HTML both come from here, so what a
 * user previews is what everyone else sees.
 */
export function renderMarkdown(source: string): string {
  return sanitizeRenderedHtml(markdown.render(source));
}
