import { isEmail, Role, SITE_SETTINGS_STREAM, type SiteEvent, UserRegistered } from '@agora/contracts';
import {
  applySiteSettingsEvent,
  foldEvents,
  loadSiteSettings,
  type Projection,
  type ServiceContext,
  SITE_SETTINGS_TOPIC,
  type StoredEvent,
  type Tx,
} from '@agora/platform';
import { siteSettingsDecider } from '../domain/site-settings/decider';

/**
 * A site's contact e-mail while nobody has given one: the first admin's. The installer asks for it, but a site
 * whose admin came another way (`admin create`, a test stack) would otherwise keep it empty, and the General page,
 * which requires it as the reference does, could not be saved until one is typed (docs/behaviour-decisions.md).
 * Decided inside the transaction that moves this saga's position, and only while the address is empty, so a
 * replay or a later admin never changes what the site has.
 */
export function contactFromFirstAdmin(context: ServiceContext): Projection {
  return {
    name: 'contact-from-first-admin',
    source: 'identity',
    events: [UserRegistered],
    topics: [SITE_SETTINGS_TOPIC],
    async apply(event: StoredEvent, tx: Tx) {
      const { role_id, email, user_id } = event.data as { role_id: number; email: string; user_id: string };
      if (role_id !== Role.admin || !isEmail(email)) return;
      const { general } = await loadSiteSettings(tx, context.config.siteUrl);
      if (general.contact_email.trim() !== '') return;
      const history = await context.store.readStream(SITE_SETTINGS_STREAM, {}, tx);
      const state = foldEvents(siteSettingsDecider, history as unknown as SiteEvent[]);
      // Over the group as the site reads it (an unsaved group is the defaults for this site's address).
      const values = { ...general, contact_email: email };
      const decided = siteSettingsDecider.decide({ type: 'update_settings_group', group: 'general', values }, state);
      const { events } = await context.store.append(
        SITE_SETTINGS_STREAM,
        history.length,
        decided,
        { actorId: user_id },
        tx,
      );
      for (const changed of events) await applySiteSettingsEvent(tx, changed);
    },
    // Nothing of its own to empty: what it decided are settings events, which a rebuild finds already made.
    async reset() {},
  };
}
