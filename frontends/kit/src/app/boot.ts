import { accountApi } from '../api/calls/account';
import { setProfileLoader } from '../session/session';
import { agentQuery, siteInfoQuery } from '../site/site-info';
import { queryClient } from './query-client';

// The session reloads the user through the API client (at most every 10 s unless forced).
setProfileLoader(accountApi.userInfo);

// What every screen's guards read, asked for while the micro-frontends are still loading.
void queryClient.prefetchQuery(siteInfoQuery);
void queryClient.prefetchQuery(agentQuery);
