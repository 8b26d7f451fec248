import Bookmark from '@mui/icons-material/Bookmark';
import Check from '@mui/icons-material/Check';
import { QueryClient } from '@tanstack/react-query';
import { type ComponentProps, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../src/api/query-keys';
import { AppProviders } from '../src/app/providers';
import { PlainButton } from '../src/ui/plain/plain-button';
import { PlainIcon } from '../src/ui/plain/plain-icon';

const pathsOf = (markup: string) => [...markup.matchAll(/ d="([^"]+)"/g)].map((m) => m[1]);

describe('plain post parts (docs/adr/0083-plain-post-parts.md)', () => {
  it('draws an icon of @mui/icons-material with its own path, as a bare svg', () => {
    for (const icon of [Check, Bookmark]) {
      const mui = renderToStaticMarkup(createElement(icon));
      const plain = renderToStaticMarkup(createElement(PlainIcon, { icon }));
      expect(pathsOf(plain)).toEqual(pathsOf(mui));
      expect(pathsOf(plain)[0]).toMatch(/^M/);
      expect(plain).toMatch(/^<svg class="ag-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">/);
    }
  });

  it('gives a button its tone, variant and icon as classes, and is a button that submits nothing', () => {
    const markup = renderToStaticMarkup(
      createElement(PlainButton, { tone: 'success', variant: 'outlined', startIcon: Check }, 'Accept'),
    );
    expect(markup).toContain('type="button"');
    expect(markup).toContain('class="ag-btn ag-tone-success ag-btn--outlined"');
    expect(markup).toContain('<span class="ag-btn__icon"><svg class="ag-icon"');
    expect(markup).toMatch(/>Accept<\/button>$/);
    expect(renderToStaticMarkup(createElement(PlainButton, { tone: 'inherit' }, 'Share'))).toContain(
      'class="ag-btn ag-btn--inherit"',
    );
  });

  it("writes the theme's colours into the stylesheet: the site's primary colour and its dark scheme", () => {
    // As every application draws it: the providers, from the site's theme settings.
    const sheet = (primary: string, scheme: 'light' | 'dark') => {
      const client = new QueryClient();
      client.setQueryData(queryKeys.siteInfo(), {
        theme: { theme: 'default', theme_config: { default: { primary_color: primary } }, color_scheme: scheme },
        interface: { time_zone: 'UTC' },
      });
      return renderToStaticMarkup(createElement(AppProviders, { client } as ComponentProps<typeof AppProviders>));
    };
    const light = sheet('#AA3300', 'light');
    expect(light).toContain('--ag-primary:#AA3300');
    expect(light).toContain('--ag-text-secondary:rgba(0, 0, 0, 0.6)');
    expect(light).toContain('.ag-btn{');
    const dark = sheet('#AA3300', 'dark');
    expect(dark).toContain('--ag-text-secondary:rgba(255, 255, 255, 0.7)');
    expect(dark).not.toEqual(light);
  });
});
