export { updateSettingsGroup } from './commands/update-settings';
export { siteSettingsDecider } from './domain/site-settings/decider';
export type { Installation } from './installation/installation';
export { installationRoutes } from './installation/routes';
export { siteService } from './service';
