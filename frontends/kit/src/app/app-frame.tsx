import type { ReactNode } from 'react';
import { useLocation } from '../router/history';
import { usePageError } from './page-error';

/**
 * The main area of a micro-frontend: hidden while an error page stands in for this URL; the
 * shell draws the error page.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const location = useLocation();
  return usePageError(location.href) ? null : children;
}
