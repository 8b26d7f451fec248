import { ThemeProvider, useMediaQuery } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useSiteInfo } from '../site/site-info';
import { agoraTheme, colorMode } from '../theme/theme';
import { queryClient } from './query-client';

/** The site's theme: its primary colour and colour scheme, the page behind every application painted to match. */
function SiteTheme({ children }: { children: ReactNode }) {
  const site = useSiteInfo().data?.theme;
  const deviceIsDark = useMediaQuery('(prefers-color-scheme: dark)');
  const theme = agoraTheme(site, colorMode(site, deviceIsDark));
  useEffect(() => {
    document.documentElement.style.colorScheme = theme.palette.mode;
    document.body.style.backgroundColor = theme.palette.background.default;
    document.body.style.color = theme.palette.text.primary;
  }, [theme]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** What every micro-frontend's React tree sits in: the shared query cache and the site's theme. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteTheme>{children}</SiteTheme>
    </QueryClientProvider>
  );
}
