import { ADMIN_API_PREFIX, DashboardResp, EnvelopeSchema } from '@agora/contracts';
import { type HttpApp, ok, type ServiceContext } from '@agora/platform';
import type { DashboardReads } from '../queries/dashboard';

/** The admin dashboard. */
export async function dashboardRoutes(app: HttpApp, context: ServiceContext, reads: DashboardReads) {
  app.get(
    `${ADMIN_API_PREFIX}/dashboard`,
    {
      config: { auth: 'admin' },
      schema: { tags: ['admin: dashboard'], response: { 200: EnvelopeSchema(DashboardResp) } },
    },
    // The settings as this instance keeps them (read again only when they change).
    async (request) => ok(request, await reads.dashboard(await context.siteSettings())),
  );
}
