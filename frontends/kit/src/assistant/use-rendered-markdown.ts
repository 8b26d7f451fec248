import { Limits } from '@agora/contracts/limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { postApi } from '../api/calls/posts';
import { queryKeys } from '../api/query-keys';

/** How often a reply streaming in is rendered again (at most). */
const RENDER_EVERY_MS = 300;

/**
 * Markdown as posts are rendered and sanitised (`post/render`, the server's renderer): while `growing`, rendered
 * again at most every 300 ms with what has come, and the part not rendered yet handed back as `tail` to show as text.
 * Until a first rendering comes (or if it fails), `html` is null and `tail` is the whole text.
 */
export function useRenderedMarkdown(text: string, growing: boolean): { html: string | null; tail: string } {
  const [settled, setSettled] = useState(text);
  const lastRender = useRef(0);
  useEffect(() => {
    if (!growing) {
      setSettled(text);
      return;
    }
    const timer = setTimeout(
      () => {
        lastRender.current = Date.now();
        setSettled(text);
      },
      Math.max(0, lastRender.current + RENDER_EVERY_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [text, growing]);

  const rendered = useQuery({
    queryKey: queryKeys.rendered(settled),
    queryFn: () => postApi.render(settled),
    enabled: settled.trim() !== '' && settled.length <= Limits.post.bodyMaxLength,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
  // The text the HTML shown was rendered from (a placeholder is an earlier text's).
  const [shown, setShown] = useState<{ text: string; html: string } | null>(null);
  useEffect(() => {
    if (rendered.data !== undefined && !rendered.isPlaceholderData) setShown({ text: settled, html: rendered.data });
  }, [rendered.data, rendered.isPlaceholderData, settled]);

  if (!shown || !text.startsWith(shown.text)) return { html: null, tail: text };
  return { html: shown.html, tail: text.slice(shown.text.length) };
}
