import { type Static, Type } from 'typebox';
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

/**
 * An admin saved the SMTP settings with a test recipient: notifications mails it through the settings of
 * the same save (the change comes first on the stream).
 */
export const SmtpTestRequested = defineEvent(
  'site.smtp_test_requested',
  Type.Object({ recipient: Type.String({ minLength: 1 }), language: Type.String() }),
);
export type SmtpTestRequestedData = Static<typeof SmtpTestRequested.data>;

export type SiteEvent =
  | NewEvent<typeof SiteSettingsChanged.type, SiteSettingsChangedData>
  | NewEvent<typeof SmtpTestRequested.type, SmtpTestRequestedData>;
export const SiteEvents = [SiteSettingsChanged, SmtpTestRequested];
export const SITE_SETTINGS_STREAM = 'site-settings';
