import type { CodeTheme } from '@agora/contracts/site/plugins';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect } from 'react';
import { siteApi } from '../api/calls/site';
import { queryKeys } from '../api/query-keys';

/** Each theme the code highlighting plugin offers, loaded only when chosen (docs/adr/0073-built-in-plugins.md). */
const THEMES: Record<CodeTheme, () => Promise<{ default: string }>> = {
  default: () => import('highlight.js/styles/default.css?inline'),
  github: () => import('highlight.js/styles/github.css?inline'),
  'github-dark': () => import('highlight.js/styles/github-dark.css?inline'),
  'atom-one-light': () => import('highlight.js/styles/atom-one-light.css?inline'),
  'atom-one-dark': () => import('highlight.js/styles/atom-one-dark.css?inline'),
  monokai: () => import('highlight.js/styles/monokai.css?inline'),
  nord: () => import('highlight.js/styles/nord.css?inline'),
  vs: () => import('highlight.js/styles/vs.css?inline'),
  vs2015: () => import('highlight.js/styles/vs2015.css?inline'),
  xcode: () => import('highlight.js/styles/xcode.css?inline'),
};

const STYLE_ID = 'agora-code-theme';

const renderConfigQuery = { queryKey: queryKeys.renderConfig(), queryFn: siteApi.renderConfig, staleTime: 60_000 };

const isTheme = (name: string): name is CodeTheme => name in THEMES;

/** Puts the theme's stylesheet in the page once (a later theme replaces it). */
async function applyTheme(theme: CodeTheme): Promise<void> {
  const current = document.getElementById(STYLE_ID);
  if (current?.dataset.theme === theme) return;
  const { default: css } = await THEMES[theme]();
  const style = current ?? document.head.appendChild(document.createElement('style'));
  style.id = STYLE_ID;
  style.dataset.theme = theme;
  style.textContent = css;
}

/**
 * Colours the code blocks inside `ref` with the theme the admin chose, while the code highlighting plugin is on;
 * highlight.js and the theme are loaded only then.
 */
export function useCodeHighlighting(ref: RefObject<HTMLElement | null>, html: string): void {
  const client = useQueryClient();
  useEffect(() => {
    const root = ref.current;
    if (!root || html === '') return;
    const blocks = [...root.querySelectorAll<HTMLElement>('pre code')];
    if (blocks.length === 0) return;
    let cancelled = false;
    // Read in the browser only, once the body is there: the server draws no colours, so a render holds no
    // query observer per post body for them.
    void client
      .fetchQuery(renderConfigQuery)
      .then(async (config) => {
        const theme = config.select_theme ?? '';
        if (cancelled || !isTheme(theme)) return;
        const [{ default: hljs }] = await Promise.all([import('highlight.js/lib/common'), applyTheme(theme)]);
        if (cancelled) return;
        for (const block of blocks) if (!block.dataset.highlighted) hljs.highlightElement(block);
      })
      // Settings that could not be read leave the code uncoloured (the API client has said why), as before.
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [ref, html, client]);
}
