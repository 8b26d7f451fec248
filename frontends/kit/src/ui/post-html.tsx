import { type Ref, useRef } from 'react';
import { useCodeHighlighting } from './code-highlighting';

/**
 * Post HTML as the server rendered and sanitised it (DESIGN §8: no script, no handlers, no javascript:
 * URLs), styled by the kit's static `.post-html` rules (docs/adr/0083-plain-post-parts.md); code blocks coloured
 * while the code highlighting plugin is on. Only HTML with a code block asks for the plugin's settings: a page
 * draws one of these per post and comment.
 */
export function PostHtml({ html, testId }: { html: string; testId?: string }) {
  return html.includes('<pre') ? (
    <HighlightedHtml html={html} testId={testId} />
  ) : (
    <SanitisedHtml html={html} testId={testId} />
  );
}

function HighlightedHtml({ html, testId }: { html: string; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useCodeHighlighting(ref, html);
  return <SanitisedHtml html={html} testId={testId} divRef={ref} />;
}

function SanitisedHtml({ html, testId, divRef }: { html: string; testId?: string; divRef?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={divRef}
      className="post-html"
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's renderer
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
