import {
  ADMIN_API_PREFIX,
  CUSTOM_PRIVILEGE_LEVEL,
  EnvelopeSchema,
  type Language,
  PRIVILEGE_LEVELS,
  PRIVILEGE_PAGE_KEYS,
  PrivilegesPut,
  PrivilegesResp,
  thresholdsOf,
  translate,
} from '@agora/contracts';
import { errors, type HttpApp, loadSiteSettings, ok, type ServiceContext } from '@agora/platform';
import { Type } from 'typebox';
import { updateSettingsGroup } from '../commands/update-settings';
import { privilegesOf } from '../settings/privileges';

const ADMIN = { auth: 'admin' as const };
const URL = `${ADMIN_API_PREFIX}/setting/privileges`;

/** One level as the page lists it: its description and the reputation each leveled permission needs at it. */
function option(language: Language, level: number, custom?: Readonly<Record<string, number>>) {
  const thresholds = thresholdsOf({ level, ...(custom ? { custom_privileges: custom } : {}) });
  return {
    level,
    level_desc: translate(language, `privilege.level.${level}`),
    privileges: PRIVILEGE_PAGE_KEYS.map((key) => ({
      key,
      label: translate(language, `privilege.${key}`),
      value: thresholds[key] ?? -1,
    })),
  };
}

/**
 * The privilege levels, each with the reputation every leveled permission needs at it, and the custom level with
 * the admin's own thresholds (until some are saved, the first level's, as the reference offers them).
 */
export async function adminPrivilegesRoutes(app: HttpApp, context: ServiceContext) {
  app.get(
    URL,
    { config: ADMIN, schema: { tags: ['admin: settings'], response: { 200: EnvelopeSchema(PrivilegesResp) } } },
    async (request) => {
      const { privileges } = await loadSiteSettings(context.database.db, context.config.siteUrl);
      const custom = privileges.custom_privileges ?? thresholdsOf({ level: PRIVILEGE_LEVELS[0] });
      const options = [
        ...PRIVILEGE_LEVELS.map((level) => option(request.language, level)),
        option(request.language, CUSTOM_PRIVILEGE_LEVEL, custom as Record<string, number>),
      ];
      return ok(request, { options, selected_level: privileges.level });
    },
  );

  app.put(
    URL,
    {
      config: ADMIN,
      schema: { tags: ['admin: settings'], body: PrivilegesPut, response: { 200: EnvelopeSchema(Type.Null()) } },
    },
    async (request) => {
      const { privileges } = await loadSiteSettings(context.database.db, context.config.siteUrl);
      const { values, problems } = privilegesOf(request.body, privileges);
      if (problems.length > 0) throw errors.fields(...problems);
      // The whole group as decided (a first custom list is a field the stored group lacks).
      await updateSettingsGroup(context, { group: 'privileges', values }, request.actor.id);
      return ok(request, null);
    },
  );
}
