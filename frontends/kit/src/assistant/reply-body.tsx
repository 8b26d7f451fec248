import { Alert, AlertTitle, Box } from '@mui/material';
import type { MouseEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { navigate } from '../router/history';
import { PostHtml } from '../ui/post-html';
import { splitReply } from './turns';
import { useRenderedMarkdown } from './use-rendered-markdown';

/** A click on a link to this site (the sources) moves within the app instead of loading the page again. */
function followInApp(event: MouseEvent<HTMLElement>) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const link = (event.target as HTMLElement).closest('a');
  if (!link || (link.target && link.target !== '_self') || link.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(link.pathname + link.search + link.hash);
}

/**
 * A reply's text rendered as Markdown while it grows (its sources are a list of links at its end), and the failure it
 * ended on, if any, as an error apart.
 */
export function ReplyBody({ content, growing }: { content: string; growing: boolean }) {
  const { t } = useTranslation();
  const { body, error } = splitReply(content);
  const { html, tail } = useRenderedMarkdown(body, growing);
  return (
    <Box onClick={followInApp} data-testid="assistant-reply-body" sx={{ '& .post-html > :first-of-type': { mt: 0 } }}>
      {html ? <PostHtml html={html} /> : null}
      {tail ? (
        <Box component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 }}>
          {tail}
        </Box>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: body ? 1 : 0 }} data-testid="assistant-reply-error">
          <AlertTitle>{t('ui.assistant.reply_failed')}</AlertTitle>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}
