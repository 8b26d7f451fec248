import type { SettingsGroup, SiteSettings } from '@agora/contracts';
import { errors, type FieldProblem, loadSiteSettings, type ServiceContext } from '@agora/platform';
import { updateSettingsGroup } from '../commands/update-settings';
import type { TestMail } from '../domain/site-settings/decider';
import { checkSettingsGroup } from './checks';

/**
 * Saves what an admin page sent over the group's stored value: fields left out keep theirs, the whole
 * group is checked, and a group with problems answers 400 per field and changes nothing.
 */
export async function saveSettingsGroup<G extends SettingsGroup>(
  context: ServiceContext,
  group: G,
  sent: Partial<SiteSettings[G]>,
  actorId: string,
  more: { testMail?: TestMail; problems?: FieldProblem[] } = {},
): Promise<SiteSettings[G]> {
  const stored = (await loadSiteSettings(context.database.db, context.config.siteUrl))[group];
  const known = Object.fromEntries(
    Object.entries(sent).filter(([key, value]) => key in stored && value !== undefined),
  ) as Partial<SiteSettings[G]>;
  const { values, problems } = checkSettingsGroup(group, { ...stored, ...known });
  const all = [...problems, ...(more.problems ?? [])];
  if (all.length > 0) throw errors.fields(...all);
  await updateSettingsGroup(
    context,
    { group, values, ...(more.testMail ? { testMail: more.testMail } : {}) } as Parameters<
      typeof updateSettingsGroup
    >[1],
    actorId,
  );
  return values;
}

/** The group's stored value as a page shows it: only the page's fields. */
export function pickFields<T extends object>(values: T, fields: readonly string[] | undefined): Partial<T> {
  if (!fields) return values;
  return Object.fromEntries(Object.entries(values).filter(([key]) => fields.includes(key))) as Partial<T>;
}
