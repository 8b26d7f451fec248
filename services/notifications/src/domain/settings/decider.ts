import type { DigestFrequency, EmailSettingsChanged, EventOf } from '@agora/contracts';
import type { Decider } from '@agora/platform';

export type SettingsEvent = EventOf<typeof EmailSettingsChanged>;

export interface EmailSettings {
  inbox: boolean;
  all_new_question: boolean;
  followed_tags: boolean;
  digest: DigestFrequency;
}

/**
 * Every account starts with inbox mail on, new-question mail off, until the user chooses. Unlike the reference (⚠),
 * accounts made by an admin or the installer start the same way (docs/behaviour-decisions.md).
 */
export const DEFAULT_EMAIL_SETTINGS: EmailSettings = {
  inbox: true,
  all_new_question: false,
  followed_tags: false,
  digest: 'off',
};

/** The e-mail sources a mail belongs to, which its unsubscribe link turns off. */
export type MailSource = 'inbox' | 'all_new_question' | 'followed_tags';

export type SettingsCommand =
  | { type: 'change'; userId: string; values: Partial<EmailSettings> }
  | { type: 'unsubscribe'; userId: string; sources: MailSource[] };

export function settingsStreamId(userId: string): string {
  return `notification-settings-${userId}`;
}

/** A user's e-mail settings (stream `notification-settings-<user id>`): a change that changes nothing records nothing. */
export const settingsDecider: Decider<EmailSettings, SettingsCommand, SettingsEvent> = {
  initialState: () => ({ ...DEFAULT_EMAIL_SETTINGS }),

  evolve(_state, event) {
    const { inbox, all_new_question, followed_tags, digest } = event.data;
    return { inbox, all_new_question, followed_tags, digest };
  },

  decide(command, state) {
    const next: EmailSettings =
      command.type === 'change'
        ? { ...state, ...command.values }
        : { ...state, ...Object.fromEntries(command.sources.map((source) => [source, false])) };
    const changed = (Object.keys(next) as (keyof EmailSettings)[]).some((key) => next[key] !== state[key]);
    if (!changed) return [];
    return [
      {
        type: 'notifications.email_settings_changed',
        data: {
          user_id: command.userId,
          ...next,
          via: command.type === 'change' ? 'settings' : 'unsubscribe',
        },
      },
    ];
  },
};
