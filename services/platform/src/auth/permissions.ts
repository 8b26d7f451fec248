import { type PermissionKey, type PrivilegeSettings, Role, roleHolds, thresholdsOf } from '@agora/contracts';
import type { Actor } from './actor';

export interface PermissionCheck {
  allowed: boolean;
  /** Reputation the permission needs at this level; -1 when only a role or ownership grants it. */
  needed: number;
}

/**
 * A permission check: the role's powers first, then reputation against the site's privileges setting (a standard
 * level's thresholds, or the admin's own at the custom level).
 */
export function checkPermission(
  actor: Actor | null,
  permission: PermissionKey,
  privileges: PrivilegeSettings,
): PermissionCheck {
  const needed = thresholdsOf(privileges)[permission] ?? -1;
  if (!actor) return { allowed: false, needed };
  if (roleHolds(actor.roleId, permission)) return { allowed: true, needed };
  return { allowed: needed >= 0 && actor.rank >= needed, needed };
}

export function isStaff(actor: Actor | null): boolean {
  return actor?.roleId === Role.admin || actor?.roleId === Role.moderator;
}
