import { useQuery } from '@tanstack/react-query';
import { siteApi } from '../api/calls/site';
import { queryKeys } from '../api/query-keys';
import { queryClient } from '../app/query-client';

export const siteInfoQuery = { queryKey: queryKeys.siteInfo(), queryFn: siteApi.siteInfo, staleTime: 60_000 };
export const agentQuery = {
  queryKey: queryKeys.userCenterAgent(),
  queryFn: siteApi.userCenterAgent,
  staleTime: 5 * 60_000,
};

/** Site settings (`siteinfo`): name, branding, login and security rules, theme, interface language. */
export function useSiteInfo() {
  return useQuery(siteInfoQuery);
}

export function useUserCenterAgent() {
  return useQuery(agentQuery);
}

/** The same data outside React (guards before rendering). */
export const loadSiteInfo = () => queryClient.fetchQuery(siteInfoQuery);

/** Whether the site has captchas on (security settings); only then is an action checked first. */
export const captchaOn = (): boolean =>
  Boolean(
    queryClient.getQueryData<Awaited<ReturnType<typeof siteApi.siteInfo>>>(queryKeys.siteInfo())?.site_security
      ?.captcha_enabled,
  );
