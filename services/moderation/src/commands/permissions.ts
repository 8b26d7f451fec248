import { type PermissionKey, Reason, type SiteSettings } from '@agora/contracts';
import { type Actor, ApiError, checkPermission, errors } from '@agora/platform';

/**
 * A missing privilege is a 403, with the reputation it takes when reputation can earn it, else saying
 * that only moderators may (the client shows it as the no-permission tip).
 */
export function requirePermission(actor: Actor, permission: PermissionKey, settings: SiteSettings): void {
  const { allowed, needed } = checkPermission(actor, permission, settings.privileges);
  if (allowed) return;
  throw needed >= 0
    ? new ApiError(403, Reason.forbidden, null, 'error.rank.not_enough', { rank: needed })
    : errors.forbidden(undefined, 'error.rank.role_only');
}

/** The audit privilege of each kind of suggested edit. */
export const AUDIT_PERMISSION = {
  question: 'question.audit',
  answer: 'answer.audit',
  tag: 'tag.audit',
} as const satisfies Record<string, PermissionKey>;

export type AuditableType = keyof typeof AUDIT_PERMISSION;

/** The kinds of suggested edit the actor may review. */
export function auditableTypes(actor: Actor, settings: SiteSettings): AuditableType[] {
  return (Object.keys(AUDIT_PERMISSION) as AuditableType[]).filter(
    (type) => checkPermission(actor, AUDIT_PERMISSION[type], settings.privileges).allowed,
  );
}
