import { type PermissionKey, type PrivilegeSettings, Reason } from '@agora/contracts';
import { type Actor, ApiError, checkPermission, errors } from '@agora/platform';

export const can = (actor: Actor | null, permission: PermissionKey, privileges: PrivilegeSettings) =>
  checkPermission(actor, permission, privileges).allowed;

/**
 * A missing privilege is a 403 whose message names the reputation it takes, or says that
 * only moderators may, when reputation cannot earn it. The client shows it as the no-permission tip.
 */
export function requirePermission(actor: Actor, permission: PermissionKey, privileges: PrivilegeSettings): void {
  const { allowed, needed } = checkPermission(actor, permission, privileges);
  if (allowed) return;
  throw needed >= 0
    ? new ApiError(403, Reason.forbidden, null, 'error.rank.not_enough', { rank: needed })
    : errors.forbidden(undefined, 'error.rank.role_only');
}
