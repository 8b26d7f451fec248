import { Box, Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { MarkdownEditorProps } from './markdown-editor';

export type { MarkdownEditorProps };

const Editor = lazy(() => import('./markdown-editor').then((m) => ({ default: m.MarkdownEditor })));

/** The markdown editor, loaded when a page first shows one (it stays out of the cold-load JS). */
export function MarkdownEditor(props: MarkdownEditorProps) {
  return (
    <Suspense
      fallback={
        <Box>
          <Skeleton variant="rounded" height={(props.minRows ?? 8) * 24 + 48} />
        </Box>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
