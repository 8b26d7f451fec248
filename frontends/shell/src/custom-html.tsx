import { useSiteInfo } from '@agora/kit';
import { Box } from '@mui/material';
import { useEffect } from 'react';

type Slot = 'custom_header' | 'custom_footer' | 'custom_sidebar';

/**
 * The admin's own HTML for a part of every page (settings → CSS & HTML). It is the site owner's markup, kept
 * as they wrote it; the page's Content-Security-Policy still runs no script of it.
 */
export function CustomHtml({ slot }: { slot: Slot }) {
  const html = useSiteInfo().data?.custom_css_html[slot] ?? '';
  if (!html.trim()) return null;
  return (
    <Box
      data-testid={slot.replace('_', '-')}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the site admin's own markup, under the page's CSP
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

const HEAD_MARK = 'data-agora-custom-head';

/** The admin's custom head HTML (meta, link, style elements), added to the document's head and kept current. */
export function useCustomHead() {
  const html = useSiteInfo().data?.custom_css_html.custom_head ?? '';
  useEffect(() => {
    for (const old of document.head.querySelectorAll(`[${HEAD_MARK}]`)) old.remove();
    if (!html.trim()) return;
    const template = document.createElement('template');
    template.innerHTML = html;
    for (const node of Array.from(template.content.children)) {
      // Scripts stay out: the page runs only its own.
      if (node.tagName === 'SCRIPT') continue;
      node.setAttribute(HEAD_MARK, '');
      document.head.appendChild(node);
    }
  }, [html]);
}
