import { Pin, PostStatus, type PrivilegeSettings, Role, Show } from '@agora/contracts';
import { type Actor, checkPermission, isStaff } from '@agora/platform';
import { COMMENT_EDIT_WINDOW_MS } from '../domain/comment/decider';

export interface MemberAction {
  action: string;
  name: string;
  type: string;
}

const act = (action: string, name: string, type: string): MemberAction => ({ action, name, type });

/** What the viewer is offered on a question ; the server still checks each one. */
export function questionActions(
  viewer: Actor | null,
  q: { user_id: string; status: number; pin: number; show: number },
  privileges: PrivilegeSettings,
) {
  if (!viewer) return [];
  const own = viewer.id === q.user_id;
  const staff = isStaff(viewer);
  const actions: MemberAction[] = [];
  if (q.status === PostStatus.deleted) return staff ? [act('undelete', 'Undelete', 'confirm')] : [];
  // Held for review: its author may withdraw it; the moderators decide in the review queue.
  if (q.status === PostStatus.pending) return own ? [act('delete', 'Delete', 'confirm')] : [];
  if (!own) actions.push(act('report', 'Flag', 'reason'));
  if (own || checkPermission(viewer, 'question.edit', privileges).allowed) actions.push(act('edit', 'Edit', 'edit'));
  if (staff && q.status === PostStatus.available) actions.push(act('close', 'Close', 'reason'));
  if (staff && q.status === PostStatus.closed) actions.push(act('reopen', 'Reopen', 'confirm'));
  if (staff && q.show === Show.shown)
    actions.push(q.pin === Pin.pinned ? act('unpin', 'Unpin', 'confirm') : act('pin', 'Pin', 'confirm'));
  if (staff && q.pin !== Pin.pinned)
    actions.push(q.show === Show.hidden ? act('show', 'Show', 'confirm') : act('hide', 'Hide', 'confirm'));
  if (own || staff) actions.push(act('delete', 'Delete', 'confirm'));
  return actions;
}

export function answerActions(
  viewer: Actor | null,
  a: { user_id: string; status: number },
  privileges: PrivilegeSettings,
) {
  if (!viewer) return [];
  const own = viewer.id === a.user_id;
  const staff = isStaff(viewer);
  if (a.status === PostStatus.deleted) return staff ? [act('undelete', 'Undelete', 'confirm')] : [];
  if (a.status === PostStatus.pending) return own ? [act('delete', 'Delete', 'confirm')] : [];
  const actions: MemberAction[] = [];
  if (!own) actions.push(act('report', 'Flag', 'reason'));
  if (own || checkPermission(viewer, 'answer.edit', privileges).allowed) actions.push(act('edit', 'Edit', 'edit'));
  if (own || staff) actions.push(act('delete', 'Delete', 'confirm'));
  return actions;
}

export function commentActions(viewer: Actor | null, c: { user_id: string; created_at: Date }) {
  if (!viewer) return [];
  const own = viewer.id === c.user_id;
  const actions: MemberAction[] = [];
  if (!own) actions.push(act('report', 'Flag', 'reason'));
  if (viewer.roleId === Role.admin || (own && Date.now() - c.created_at.getTime() <= COMMENT_EDIT_WINDOW_MS)) {
    actions.push(act('edit', 'Edit', 'edit'));
  }
  if (own || isStaff(viewer)) actions.push(act('delete', 'Delete', 'confirm'));
  return actions;
}
