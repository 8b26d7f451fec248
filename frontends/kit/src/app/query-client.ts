import { QueryClient } from '@tanstack/react-query';

/**
 * The one react-query cache of the page (DESIGN §7: all server state goes through react-query); shared by
 * every micro-frontend because the kit is loaded once. Errors are handled by the API client.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
