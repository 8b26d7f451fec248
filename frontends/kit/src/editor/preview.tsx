import { Limits } from '@agora/contracts/limits';
import { Box, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { postApi } from '../api/calls/posts';
import { queryKeys } from '../api/query-keys';
import { useDebounced } from '../app/use-debounced';
import { useTranslation } from '../i18n/use-translation';
import { PostHtml } from '../ui/post-html';

/** The live preview: the text rendered by the server (`post/render`), debounced 1 s. */
export function Preview({ text }: { text: string }) {
  const { t } = useTranslation();
  const settled = useDebounced(text, Limits.timing.previewDebounceMs);
  const rendered = useQuery({
    queryKey: queryKeys.rendered(settled),
    queryFn: () => postApi.render(settled),
    enabled: settled.trim() !== '',
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', p: 1.5, minHeight: 48 }} data-testid="editor-preview">
      <Typography variant="caption" color="text.secondary">
        {t('ui.editor.preview')}
      </Typography>
      {settled.trim() && rendered.data ? <PostHtml html={rendered.data} /> : null}
    </Box>
  );
}
