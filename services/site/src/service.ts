import { SiteEvents } from '@agora/contracts';
import type { ServiceModule } from '@agora/platform';
import { adminPrivilegesRoutes } from './routes/admin-privileges';
import { adminSettingsRoutes } from './routes/admin-settings';
import { adminSmtpRoutes } from './routes/admin-smtp';
import { languageRoutes } from './routes/language';
import { pluginRoutes } from './routes/plugins';
import { robotsRoutes } from './routes/robots';
import { siteinfoRoutes } from './routes/siteinfo';
import { uploadRoutes } from './uploads/routes';

/** Site settings and their admin pages, branding, legal texts, languages and robots.txt (DESIGN §6). */
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
    await adminSettingsRoutes(app, context);
    await adminSmtpRoutes(app, context);
    await adminPrivilegesRoutes(app, context);
    await robotsRoutes(app, context);
  },
};
