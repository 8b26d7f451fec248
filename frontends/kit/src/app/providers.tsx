import { ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSiteInfo } from '../site/site-info';
import { agoraTheme } from '../theme/theme';
import { queryClient } from './query-client';

function SiteTheme({ children }: { children: ReactNode }) {
  const site = useSiteInfo();
  return <ThemeProvider theme={agoraTheme(site.data?.theme)}>{children}</ThemeProvider>;
}

/** What every micro-frontend's React tree sits in: the shared query cache and the site's theme. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteTheme>{children}</SiteTheme>
    </QueryClientProvider>
  );
}
