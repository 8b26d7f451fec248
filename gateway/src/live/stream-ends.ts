import type { StoredEvent } from '@agora/platform';

/**
 * Whose streams an event ends (docs/adr/0099-live-pages.md): a member's, every one or one session's, when they
 * signed out, were suspended or deleted, or their sessions were revoked or their role changed (what they may follow
 * changed with it); every anonymous stream when the site became private. A browser that may go on opens its stream
 * again, and is checked again then.
 */
export type StreamEnd = { userId: string; sessionId: string | null } | { anonymous: true };

const MEMBER_ENDS = new Set([
  'identity.user_suspended',
  'identity.user_deleted',
  'identity.user_purged',
  'identity.user_deactivated',
  'identity.role_changed',
]);

export const END_TYPES: readonly string[] = [...MEMBER_ENDS, 'identity.sessions_revoked', 'site.settings_changed'];

export function streamEndOf(event: StoredEvent): StreamEnd | null {
  const data = (event.data ?? {}) as { user_id?: unknown; session_id?: unknown };
  const userId = typeof data.user_id === 'string' ? data.user_id : '';
  if (MEMBER_ENDS.has(event.type) && userId) return { userId, sessionId: null };
  if (event.type === 'identity.sessions_revoked' && userId) {
    return { userId, sessionId: typeof data.session_id === 'string' ? data.session_id : null };
  }
  if (event.type === 'site.settings_changed') {
    const change = event.data as { group?: string; values?: { login_required?: unknown } };
    if (change.group === 'security' && change.values?.login_required === true) return { anonymous: true };
  }
  return null;
}
