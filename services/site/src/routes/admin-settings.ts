import {
  ADMIN_API_PREFIX,
  ADMIN_SETTINGS_PAGES,
  type AdminSettingsPage,
  adminSettingsGetSchema,
  adminSettingsPutSchema,
  EnvelopeSchema,
  SiteThemePut,
  SiteThemeResp,
  THEME_OPTIONS,
  ThemeOption,
} from '@agora/contracts';
import { type HttpApp, loadSiteSettings, ok, type ServiceContext } from '@agora/platform';
import { Type } from 'typebox';
import { pickFields, saveSettingsGroup } from '../settings/save';

const ADMIN = { auth: 'admin' as const };
const Null = Type.Null();

/** GET and PUT of each admin settings page (`siteinfo/*`): the group it edits, or the page's share of it. */
function settingsPage(app: HttpApp, context: ServiceContext, page: AdminSettingsPage) {
  const url = `${ADMIN_API_PREFIX}/${page.path}`;
  const replySchema = adminSettingsGetSchema(page);
  app.get(
    url,
    { config: ADMIN, schema: { tags: ['admin: settings'], response: { 200: EnvelopeSchema(replySchema) } } },
    async (request) => {
      const settings = await loadSiteSettings(context.database.db, context.config.siteUrl);
      return ok(request, pickFields(settings[page.group], page.fields));
    },
  );
  // The general page answers what it saved; the others answer nothing.
  const saved = page.group === 'general' ? replySchema : Null;
  app.put(
    url,
    {
      config: ADMIN,
      schema: {
        tags: ['admin: settings'],
        body: adminSettingsPutSchema(page),
        response: { 200: EnvelopeSchema(saved) },
      },
    },
    async (request) => {
      const values = await saveSettingsGroup(context, page.group, request.body as object, request.actor.id);
      return ok(request, page.group === 'general' ? values : null);
    },
  );
}

export async function adminSettingsRoutes(app: HttpApp, context: ServiceContext) {
  for (const page of Object.values(ADMIN_SETTINGS_PAGES)) settingsPage(app, context, page);

  app.get(
    `${ADMIN_API_PREFIX}/siteinfo/theme`,
    { config: ADMIN, schema: { tags: ['admin: settings'], response: { 200: EnvelopeSchema(SiteThemeResp) } } },
    async (request) => {
      const { theme } = await loadSiteSettings(context.database.db, context.config.siteUrl);
      return ok(request, { ...theme, theme_options: THEME_OPTIONS });
    },
  );
  app.put(
    `${ADMIN_API_PREFIX}/siteinfo/theme`,
    {
      config: ADMIN,
      schema: { tags: ['admin: settings'], body: SiteThemePut, response: { 200: EnvelopeSchema(Null) } },
    },
    async (request) => {
      await saveSettingsGroup(context, 'theme', request.body, request.actor.id);
      return ok(request, null);
    },
  );
  app.get(
    `${ADMIN_API_PREFIX}/theme/options`,
    {
      config: ADMIN,
      schema: { tags: ['admin: settings'], response: { 200: EnvelopeSchema(Type.Array(ThemeOption)) } },
    },
    async (request) => ok(request, THEME_OPTIONS),
  );
}
