import { errors, executeCommand, type ServiceContext } from '@agora/platform';
import {
  type EmailSettings,
  type SettingsCommand,
  settingsDecider,
  settingsStreamId,
} from '../domain/settings/decider';
import type { UnsubscribeCodes } from '../mail/unsubscribe-codes';
import { applyOwnEvent } from '../projections/settings-and-reads/read-model';

/** E-mail settings: changed on the settings page, or turned off by a mail's unsubscribe link. */
export class SettingsCommands {
  constructor(
    private readonly context: ServiceContext,
    private readonly codes: UnsubscribeCodes,
  ) {}

  private async run(userId: string, command: SettingsCommand, actorId: string | null): Promise<void> {
    await executeCommand({
      db: this.context.database.db,
      store: this.context.store,
      streamId: settingsStreamId(userId),
      decider: settingsDecider,
      command,
      metadata: { actorId },
      project: async (tx, events) => {
        for (const event of events) await applyOwnEvent(tx, event);
      },
    });
    this.context.changes.changed();
  }

  change(userId: string, values: Partial<EmailSettings>): Promise<void> {
    return this.run(userId, { type: 'change', userId, values }, userId);
  }

  /** One click in a mail: the sources that mail came from go off. A bad or old code is 403 `url_expired`. */
  async unsubscribe(code: string): Promise<void> {
    const verified = await this.codes.verify(code);
    if (!verified) throw errors.forbidden('url_expired', 'error.email.verify_url_expired');
    await this.run(verified.userId, { type: 'unsubscribe', userId: verified.userId, sources: verified.sources }, null);
  }
}
