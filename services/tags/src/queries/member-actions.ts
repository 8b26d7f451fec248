import type { PrivilegeSettings } from '@agora/contracts';
import { type Actor, checkPermission, isStaff } from '@agora/platform';
import type { MemberAction } from './responses';

const act = (action: string, name: string, type: string): MemberAction => ({ action, name, type });

/** What the viewer is offered on a tag; the server still checks each one. */
export function tagActions(
  viewer: Actor | null,
  tag: { deleted: boolean; synonym: boolean },
  privileges: PrivilegeSettings,
): MemberAction[] {
  if (!viewer) return [];
  const may = (key: Parameters<typeof checkPermission>[1]) => checkPermission(viewer, key, privileges).allowed;
  if (tag.deleted) return may('tag.undeleted') ? [act('undelete', 'Undelete', 'confirm')] : [];
  const actions: MemberAction[] = [];
  if (may('tag.edit')) actions.push(act('edit', 'Edit', 'edit'));
  if (may('tag.delete')) actions.push(act('delete', 'Delete', 'confirm'));
  // Merging is for moderators and admins, as the reference gates it (no reputation earns it); a synonym's main
  // tag is the one to merge.
  if (isStaff(viewer) && !tag.synonym) actions.push(act('merge', 'Merge', 'edit'));
  return actions;
}

export function synonymActions(viewer: Actor | null, privileges: PrivilegeSettings): MemberAction[] {
  return viewer && checkPermission(viewer, 'tag.synonym', privileges).allowed ? [act('edit', 'Edit', 'edit')] : [];
}
