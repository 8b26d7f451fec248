import { Type } from 'typebox';
import { defineEvent, type NewEvent } from '../events/envelope';
import { SETTINGS_GROUPS, type SettingsGroup, SettingsGroupSchemas, type SiteSettings } from './settings';

/** The whole new value of one settings group; consumers keep their own copy of the groups they need. */
export const SiteSettingsChanged = defineEvent(
  'site.settings_changed',
  Type.Union(
    SETTINGS_GROUPS.map((group) => Type.Object({ group: Type.Literal(group), values: SettingsGroupSchemas[group] })),
  ),
);

export type SiteSettingsChangedData = { [G in SettingsGroup]: { group: G; values: SiteSettings[G] } }[SettingsGroup];
export type SiteEvent = NewEvent<typeof SiteSettingsChanged.type, SiteSettingsChangedData>;
export const SiteEvents = [SiteSettingsChanged];
export const SITE_SETTINGS_STREAM = 'site-settings';
