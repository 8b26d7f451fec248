import { isDeepStrictEqual } from 'node:util';
import {
  defaultSiteSettings,
  type SettingsGroup,
  type SiteEvent,
  type SiteSettings,
  SiteSettingsChanged,
} from '@agora/contracts';
import type { Decider } from '@agora/platform';

export interface SiteSettingsState {
  settings: SiteSettings;
}

export type SiteSettingsCommand = {
  [G in SettingsGroup]: { type: 'update_settings_group'; group: G; values: SiteSettings[G] };
}[SettingsGroup];

/** Site settings: one stream; a group's change is an event carrying the group's whole new value. */
export const siteSettingsDecider: Decider<SiteSettingsState, SiteSettingsCommand, SiteEvent> = {
  initialState: () => ({ settings: defaultSiteSettings() }),

  evolve(state, event) {
    if (event.type !== SiteSettingsChanged.type) return state;
    return { settings: { ...state.settings, [event.data.group]: event.data.values } };
  },

  decide(command, state) {
    // Saving a group unchanged records nothing.
    if (isDeepStrictEqual(state.settings[command.group], command.values)) return [];
    return [{ type: SiteSettingsChanged.type, data: { group: command.group, values: command.values } } as SiteEvent];
  },
};
