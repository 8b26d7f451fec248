import { isDeepStrictEqual } from 'node:util';
import {
  defaultSiteSettings,
  type SettingsGroup,
  type SiteEvent,
  type SiteSettings,
  SiteSettingsChanged,
  SmtpTestRequested,
} from '@agora/contracts';
import type { Decider } from '@agora/platform';

export interface SiteSettingsState {
  settings: SiteSettings;
}

/** A test mail asked for with a save of the SMTP settings. */
export interface TestMail {
  recipient: string;
  language: string;
}

export type SiteSettingsCommand = {
  [G in SettingsGroup]: { type: 'update_settings_group'; group: G; values: SiteSettings[G]; testMail?: TestMail };
}[SettingsGroup];

/** Site settings: one stream; a group's change is an event carrying the group's whole new value. */
export const siteSettingsDecider: Decider<SiteSettingsState, SiteSettingsCommand, SiteEvent> = {
  initialState: () => ({ settings: defaultSiteSettings() }),

  evolve(state, event) {
    if (event.type !== SiteSettingsChanged.type) return state;
    return { settings: { ...state.settings, [event.data.group]: event.data.values } };
  },

  decide(command, state) {
    const events: SiteEvent[] = [];
    // Saving a group unchanged records no change.
    if (!isDeepStrictEqual(state.settings[command.group], command.values))
      events.push({
        type: SiteSettingsChanged.type,
        data: { group: command.group, values: command.values },
      } as SiteEvent);
    // The test mail is asked for after the change, so whoever sends it has the settings it tests.
    if (command.group === 'smtp' && command.testMail)
      events.push({ type: SmtpTestRequested.type, data: command.testMail });
    return events;
  },
};
