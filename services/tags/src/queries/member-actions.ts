import { type Actor, checkPermission } from '@agora/platform';
import type { MemberAction } from './responses';

const act = (action: string, name: string, type: string): MemberAction => ({ action, name, type });

/** What the viewer is offered on a tag; the server still checks each one. */
export function tagActions(viewer: Actor | null, deleted: boolean, level: number): MemberAction[] {
  if (!viewer) return [];
  const may = (key: Parameters<typeof checkPermission>[1]) => checkPermission(viewer, key, level).allowed;
  if (deleted) return may('tag.undeleted') ? [act('undelete', 'Undelete', 'confirm')] : [];
  const actions: MemberAction[] = [];
  if (may('tag.edit')) actions.push(act('edit', 'Edit', 'edit'));
  if (may('tag.delete')) actions.push(act('delete', 'Delete', 'confirm'));
  return actions;
}

export function synonymActions(viewer: Actor | null, level: number): MemberAction[] {
  return viewer && checkPermission(viewer, 'tag.synonym', level).allowed ? [act('edit', 'Edit', 'edit')] : [];
}
