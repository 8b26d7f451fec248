import { Type } from 'typebox';
import { defineEvent, type EventOf } from '../events/envelope';
import { SETTINGS_GROUPS, SettingsGroupSchemas } from './settings';

/** The whole new value of one settings group; consumers keep their own copy of the groups they need. */
export const SiteSettingsChanged = defineEvent(
  'site.settings_changed',
  Type.Union(
    SETTINGS_GROUPS.map((group) => Type.Object({ group: Type.Literal(group), values: SettingsGroupSchemas[group] })),
  ),
);

export type SiteEvent = EventOf<typeof SiteSettingsChanged>;
export const SiteEvents = [SiteSettingsChanged];
export const SITE_SETTINGS_STREAM = 'site-settings';
