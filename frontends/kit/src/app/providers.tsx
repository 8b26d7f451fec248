import { ThemeProvider, useMediaQuery } from '@mui/material';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { SiteFactsContext } from '../site/site-facts';
import { useSiteInfo } from '../site/site-info';
import { agoraTheme, colorMode } from '../theme/theme';
import { PlainStyles } from '../ui/plain/plain-styles';
import { queryClient } from './query-client';

/**
 * The site's theme: its primary colour and colour scheme, the page behind every application painted to match,
 * the kit's static stylesheet in those colours; and the settings every post draws with (SiteFacts).
 */
function SiteTheme({ children }: { children: ReactNode }) {
  const info = useSiteInfo().data;
  const site = info?.theme;
  const deviceIsDark = useMediaQuery('(prefers-color-scheme: dark)');
  const theme = agoraTheme(site, colorMode(site, deviceIsDark));
  const timeZone = info?.interface.time_zone;
  const permalink = info?.site_seo?.permalink;
  const facts = useMemo(() => ({ timeZone, permalink }), [timeZone, permalink]);
  useEffect(() => {
    document.documentElement.style.colorScheme = theme.palette.mode;
    document.body.style.backgroundColor = theme.palette.background.default;
    document.body.style.color = theme.palette.text.primary;
  }, [theme]);
  return (
    <ThemeProvider theme={theme}>
      <PlainStyles theme={theme} />
      <SiteFactsContext.Provider value={facts}>{children}</SiteFactsContext.Provider>
    </ThemeProvider>
  );
}

/**
 * What every micro-frontend's React tree sits in: the shared query cache and the site's theme. The server
 * renders a page with a cache of its own (docs/adr/0066-server-rendered-public-pages.md).
 */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <SiteTheme>{children}</SiteTheme>
    </QueryClientProvider>
  );
}
