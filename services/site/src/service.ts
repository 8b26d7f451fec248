import { SiteEvents } from '@agora/contracts';
import type { ServiceModule } from '@agora/platform';
import { installedSite } from './installation/installed-site';
import { installationRoutes } from './installation/routes';
import { languageRoutes } from './routes/language';
import { pluginRoutes } from './routes/plugins';
import { siteinfoRoutes } from './routes/siteinfo';
import { uploadRoutes } from './uploads/routes';

/** Site settings, branding, legal texts, languages and the installation API (DESIGN §6). */
export const siteService: ServiceModule<void> = {
  name: 'site',
  // Its read model is the platform's `site_settings` table, kept inline by its commands.
  migrations: {},
  shared: { siteSettings: false },
  events: SiteEvents,
  // Its routes work from the context alone.
  setup() {},
  async routes(app, context) {
    await siteinfoRoutes(app, context);
    await languageRoutes(app);
    await pluginRoutes(app, context);
    await uploadRoutes(app, context);
    // Once installed, the installation API reports it and refuses a second install (docs/adr/0060-installer.md).
    await installationRoutes(app, installedSite(context));
  },
};
