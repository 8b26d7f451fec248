import { accountApi } from '../api/calls/account';
import { siteApi } from '../api/calls/site';
import { setProfileLoader } from '../session/session';
import { AGENT_KEY, SITE_INFO_KEY } from '../site/site-info';
import { queryClient } from './query-client';

// The session reloads the user through the API client (spec §4: at most every 10 s unless forced).
setProfileLoader(accountApi.userInfo);

// What every screen's guards read, asked for while the micro-frontends are still loading.
void queryClient.prefetchQuery({ queryKey: SITE_INFO_KEY, queryFn: siteApi.siteInfo, staleTime: 60_000 });
void queryClient.prefetchQuery({ queryKey: AGENT_KEY, queryFn: siteApi.userCenterAgent, staleTime: 5 * 60_000 });
