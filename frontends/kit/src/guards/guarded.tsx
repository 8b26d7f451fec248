import { Box, CircularProgress } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { navigate, useLocation } from '../router/history';
import { matchPath } from '../router/match-path';
import { refreshProfile, useLoginState } from '../session/session';
import { useSiteInfo, useUserCenterAgent } from '../site/site-info';
import { ErrorPage } from '../ui/error-page';
import { type Guard, runGuards } from './guards';
import { saveLoginRedirect } from './redirect-target';

export function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} aria-busy="true">
      <CircularProgress size={28} />
    </Box>
  );
}

/**
 * A screen behind its guards: a failure with 403, 404 or 50X shows that error page, any other
 * redirects (saving the page as the login target when the guard says so). `path` is the screen's own path
 * pattern (DESIGN §7, "Routes").
 */
export function Guarded({ guards, path, children }: { guards: Guard[]; path?: string; children: ReactNode }) {
  const state = useLoginState();
  const site = useSiteInfo();
  const agent = useUserCenterAgent();
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the profile is reloaded on every navigation
  useEffect(() => {
    void refreshProfile();
  }, [location.href]);
  // Leaving this screen (the router has not re-rendered yet): its guards no longer apply.
  const leaving = path !== undefined && matchPath(path, location.pathname) === null;
  const ready = !site.isPending && !agent.isPending && !leaving;
  const result = ready
    ? runGuards(guards, { state, site: site.data ?? null, agent: agent.data ?? null, pathname: location.pathname })
    : null;
  const redirect = result && !result.ok && 'redirect' in result ? result : null;
  useEffect(() => {
    if (!redirect) return;
    if (redirect.saveTarget) saveLoginRedirect(location.href);
    navigate(redirect.redirect, { replace: true });
  }, [redirect?.redirect, redirect?.saveTarget, location.href, redirect]);
  if (!result || redirect) return <Loading />;
  if ('error' in result) return <ErrorPage code={result.error} message={result.message} />;
  return <>{children}</>;
}
