import path from 'node:path';
import { SiteEvents } from '@agora/contracts';
import type { ServiceModule } from '@agora/platform';
import { siteExporter } from './export/site-export';
import { siteImporter } from './import/site-importer';
import { installedSite } from './installation/installed-site';
import { installationRoutes } from './installation/routes';
import { siteMigrations } from './migrations';
import { assistantSwitches } from './projections/assistant-switches';
import { dashboardFromIdentity } from './projections/dashboard/from-identity';
import { dashboardFromPosts } from './projections/dashboard/from-posts';
import { dashboardFromVotes } from './projections/dashboard/from-votes';
import { pluginConnectors } from './projections/plugin-connectors';
import { DashboardReads } from './queries/dashboard';
import { adminPrivilegesRoutes } from './routes/admin-privileges';
import { adminSettingsRoutes } from './routes/admin-settings';
import { adminSmtpRoutes } from './routes/admin-smtp';
import { dashboardRoutes } from './routes/dashboard';
import { languageRoutes } from './routes/language';
import { pluginRoutes } from './routes/plugins';
import { robotsRoutes } from './routes/robots';
import { siteinfoRoutes } from './routes/siteinfo';
import { contactFromFirstAdmin } from './sagas/contact-from-first-admin';
import { uploadRoutes } from './uploads/routes';
import { type FileStorage, FsFileStorage } from './uploads/storage';

export interface SiteParts {
  storage: FileStorage;
  dashboard: DashboardReads;
}

/**
 * Site settings and their admin pages, branding, legal texts, languages, uploads, robots.txt and the admin
 * dashboard (DESIGN §6). Its settings read model is the platform's `site_settings` table, kept inline by its
 * commands; the dashboard's is projected from posts', votes' and identity's events.
 */
export const siteService: ServiceModule<SiteParts> = {
  name: 'site',
  migrations: siteMigrations,
  shared: { siteSettings: false },
  events: SiteEvents,
  setup(context) {
    const storage = new FsFileStorage(path.join(context.config.dataDir, 'uploads'));
    return { storage, dashboard: new DashboardReads(context.database.db, context.changes, storage, context.config) };
  },
  async routes(app, context, { storage, dashboard }) {
    await siteinfoRoutes(app, context);
    await languageRoutes(app);
    await pluginRoutes(app, context);
    await uploadRoutes(app, context, { storage });
    await adminSettingsRoutes(app, context);
    await adminSmtpRoutes(app, context);
    await adminPrivilegesRoutes(app, context);
    await dashboardRoutes(app, context, dashboard);
    await robotsRoutes(app, context);
    // Once installed, the installation API reports it and refuses a second install (docs/adr/0060-installer.md).
    await installationRoutes(app, installedSite(context));
  },
  projections: (context) => [
    dashboardFromPosts,
    dashboardFromVotes,
    dashboardFromIdentity,
    pluginConnectors,
    assistantSwitches,
    contactFromFirstAdmin(context),
  ],
  importer: (context, { storage }) => siteImporter(context, storage),
  exporter: (context, { storage }) => siteExporter(context, storage),
};
