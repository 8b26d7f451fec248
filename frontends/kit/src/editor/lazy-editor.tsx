import { Box, Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useHydrated } from '../app/use-hydrated';
import type { MarkdownEditorProps } from './markdown-editor';

export type { MarkdownEditorProps };

const Editor = lazy(() => import('./markdown-editor').then((m) => ({ default: m.MarkdownEditor })));

/**
 * The markdown editor, loaded when a page first shows one (it stays out of the cold-load JS), and drawn by the
 * browser only: nobody writes without scripts, and a server render of its toolbar cost a question page more than
 * its answers' buttons (docs/adr/0083-plain-post-parts.md).
 */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const hydrated = useHydrated();
  const placeholder = (
    <Box>
      <Skeleton variant="rounded" height={(props.minRows ?? 8) * 24 + 48} />
    </Box>
  );
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Editor {...props} />
    </Suspense>
  );
}
