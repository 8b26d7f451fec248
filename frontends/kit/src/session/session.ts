import { Limits } from '@agora/contracts/limits';
import { STORAGE_KEYS, storage } from '../storage';
import { createStore, useStore } from '../store';
import { deriveLoginState, type LoginState } from './login-state';
import type { UserInfo } from './user';

const userStore = createStore<UserInfo | null>(storage.get<UserInfo>(STORAGE_KEYS.user) ?? null);

export const getToken = (): string => storage.get<string>(STORAGE_KEYS.token) ?? '';
export const getUser = (): UserInfo | null => userStore.get();
export const currentLoginState = (): LoginState => deriveLoginState(getToken(), getUser());

/** Keeps the user (and its token when the answer carries one) after login, registration or a refresh. */
export function setSession(user: UserInfo): void {
  if (user.access_token) storage.set(STORAGE_KEYS.token, user.access_token);
  const stored = { ...user, access_token: user.access_token || getToken() };
  storage.set(STORAGE_KEYS.user, stored);
  userStore.set(stored);
}

export function clearSession(): void {
  storage.remove(STORAGE_KEYS.token);
  storage.remove(STORAGE_KEYS.user);
  userStore.set(null);
  lastRefresh = 0;
}

let lastRefresh = 0;
let refreshing: Promise<UserInfo | null> | null = null;
let fetchUser: (() => Promise<UserInfo | null>) | null = null;

/** Wired by the API layer (kept apart so the session has no import cycle with the client). */
export function setProfileLoader(loader: () => Promise<UserInfo | null>): void {
  fetchUser = loader;
}

/** Reloads the user at most every 10 s unless forced; without a token there is no user. */
export function refreshProfile(force = false): Promise<UserInfo | null> {
  if (!getToken()) {
    if (userStore.get()) clearSession();
    return Promise.resolve(null);
  }
  if (refreshing) return refreshing;
  if (!force && Date.now() - lastRefresh < Limits.timing.profileRefreshThrottleMs) return Promise.resolve(getUser());
  if (!fetchUser) return Promise.resolve(getUser());
  lastRefresh = Date.now();
  refreshing = fetchUser()
    .then((user) => {
      if (user && getToken()) setSession(user);
      return getUser();
    })
    .catch(() => getUser())
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export function useUser(): UserInfo | null {
  return useStore(userStore);
}

export function useLoginState(): LoginState {
  const user = useUser();
  return deriveLoginState(getToken(), user);
}
