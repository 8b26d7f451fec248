import { MailStatus, Role } from '@agora/contracts/identity/roles';
import type { UserInfo } from './user';

/** Derived login state. */
export interface LoginState {
  isLogged: boolean;
  isActivated: boolean;
  isNotActivated: boolean;
  isForbidden: boolean;
  isNormal: boolean;
  isAdmin: boolean;
  isModerator: boolean;
}

export function deriveLoginState(
  token: string | undefined,
  user: Pick<UserInfo, 'mail_status' | 'status' | 'role_id'> | null,
): LoginState {
  const isLogged = Boolean(token);
  const isActivated = isLogged && user?.mail_status === MailStatus.activated;
  const isNotActivated = isLogged && user?.mail_status === MailStatus.inactive;
  const isForbidden = isLogged && user?.status === 'suspended';
  const isNormal = isActivated && !isForbidden;
  return {
    isLogged,
    isActivated,
    isNotActivated,
    isForbidden,
    isNormal,
    isAdmin: isNormal && user?.role_id === Role.admin,
    isModerator: isNormal && user?.role_id === Role.moderator,
  };
}
