import {
  ADMIN_API_PREFIX,
  EnvelopeSchema,
  PRIVILEGE_LEVELS,
  PRIVILEGE_PAGE_KEYS,
  type PrivilegeLevel,
  PrivilegesPut,
  PrivilegesResp,
  privilegeThresholds,
  translate,
} from '@agora/contracts';
import { type HttpApp, loadSiteSettings, ok, type ServiceContext } from '@agora/platform';
import { Type } from 'typebox';
import { saveSettingsGroup } from '../settings/save';

const ADMIN = { auth: 'admin' as const };
const URL = `${ADMIN_API_PREFIX}/setting/privileges`;

/** The privilege levels, each with the reputation every leveled permission needs at it. */
export async function adminPrivilegesRoutes(app: HttpApp, context: ServiceContext) {
  app.get(
    URL,
    { config: ADMIN, schema: { tags: ['admin: settings'], response: { 200: EnvelopeSchema(PrivilegesResp) } } },
    async (request) => {
      const { privileges } = await loadSiteSettings(context.database.db, context.config.siteUrl);
      const options = PRIVILEGE_LEVELS.map((level) => {
        const thresholds = privilegeThresholds(level as PrivilegeLevel);
        return {
          level,
          level_desc: translate(request.language, `privilege.level.${level}`),
          privileges: PRIVILEGE_PAGE_KEYS.map((key) => ({
            key,
            label: translate(request.language, `privilege.${key}`),
            value: thresholds[key] ?? -1,
          })),
        };
      });
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
      const { level } = request.body;
      const problems = (PRIVILEGE_LEVELS as readonly number[]).includes(level)
        ? []
        : [{ field: 'level', key: 'validation.one_of', params: { options: PRIVILEGE_LEVELS.join(', ') } }];
      await saveSettingsGroup(context, 'privileges', { level }, request.actor.id, { problems });
      return ok(request, null);
    },
  );
}
