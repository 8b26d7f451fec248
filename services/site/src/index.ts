export { updateSettingsGroup } from './commands/update-settings';
export { siteSettingsDecider } from './domain/site-settings/decider';
export { siteService } from './service';
