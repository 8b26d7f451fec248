import type { CurrentUserInfo, UserLoginResp } from '../api/wire';

/**
 * The signed-in user as the session keeps it: the answer of `user/info` (the avatar as an object), or of
 * login, register and activation (the avatar as a URL).
 */
export type UserInfo = CurrentUserInfo | UserLoginResp;
