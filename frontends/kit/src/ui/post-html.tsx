import { Box } from '@mui/material';
import { useRef } from 'react';
import { useCodeHighlighting } from './code-highlighting';

/**
 * Post HTML as the server rendered and sanitised it (DESIGN §8: no script, no handlers, no javascript:
 * URLs), with the styles a post needs; code blocks coloured while the code highlighting plugin is on.
 */
export function PostHtml({ html, testId }: { html: string; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useCodeHighlighting(ref, html);
  return (
    <Box
      ref={ref}
      className="post-html"
      data-testid={testId}
      sx={{
        overflowWrap: 'anywhere',
        '& img': { maxWidth: '100%' },
        '& pre': { bgcolor: 'grey.100', p: 1.5, borderRadius: 1, overflowX: 'auto' },
        '& code': { fontFamily: 'monospace' },
        '& :not(pre) > code': { bgcolor: 'grey.100', px: 0.5, borderRadius: 0.5 },
        // A highlighted block takes its theme's colours (the code highlighting plugin).
        '& pre:has(> code.hljs)': { bgcolor: 'transparent', p: 0 },
        '& pre code.hljs': { p: 1.5, borderRadius: 1 },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
        '& p:first-of-type': { mt: 0 },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's renderer
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
