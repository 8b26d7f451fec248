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

/** Whether the actor holds a privilege at the site's levels. */
export const can = (actor: Actor, permission: PermissionKey, settings: SiteSettings) =>
  checkPermission(actor, permission, settings.privileges).allowed;

/** A post's body must be at least the site's minimum length (its question settings). */
export function requireMinContent(settings: SiteSettings, field: string, text: string): void {
  const minimum = settings.questions.min_content;
  if (text.trim().length < minimum)
    throw errors.fields({ field, key: 'validation.min_length', params: { limit: minimum } });
}
