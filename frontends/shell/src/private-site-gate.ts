import {
  guards,
  isExemptPath,
  navigate,
  refreshProfile,
  saveLoginRedirect,
  useLocation,
  useLoginState,
  useSiteInfo,
} from '@agora/kit';
import { useEffect } from 'react';

/**
 * On every route: reloads the user (throttled to 10 s) and applies the private-site rule —
 * an anonymous visitor of a non-exempt path goes to login, the path saved to come back to.
 */
export function usePrivateSiteGate(): void {
  const site = useSiteInfo().data;
  const state = useLoginState();
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the profile is reloaded on every navigation
  useEffect(() => {
    void refreshProfile();
  }, [location.href]);
  useEffect(() => {
    if (!site || isExemptPath(location.pathname)) return;
    const result = guards.privateSite({ site, state, pathname: location.pathname });
    if (!result.ok && 'redirect' in result) {
      saveLoginRedirect(location.href);
      navigate(result.redirect, { replace: true });
    }
  }, [site, state, location]);
}
