import { accountApi, type CurrentUserInfo, queryKeys } from '@agora/kit';
import { useQuery } from '@tanstack/react-query';

/** The signed-in member as `user/info` answers it (the avatar as an object), for the settings forms. */
export function useCurrentUser() {
  return useQuery<CurrentUserInfo | null>({ queryKey: queryKeys.currentUser(), queryFn: () => accountApi.userInfo() });
}
