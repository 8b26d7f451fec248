import { Box } from '@mui/material';

/**
 * Post HTML as the server rendered and sanitised it (DESIGN §8: no script, no handlers, no javascript:
 * URLs), with the styles a post needs.
 */
export function PostHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <Box
      className="post-html"
      data-testid={testId}
      sx={{
        overflowWrap: 'anywhere',
        '& img': { maxWidth: '100%' },
        '& pre': { bgcolor: 'grey.100', p: 1.5, borderRadius: 1, overflowX: 'auto' },
        '& code': { fontFamily: 'monospace', bgcolor: 'grey.100', px: 0.5, borderRadius: 0.5 },
        '& pre code': { p: 0 },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
        '& p:first-of-type': { mt: 0 },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's renderer
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
