import { BUILT_IN_PLUGINS } from '@agora/contracts/site/plugins';
import { guards, type Route, route } from '@agora/kit';
import { createElement } from 'react';
import { AiConversationsPage } from './assistant/ai-conversations-page';
import { AiSettingsPage } from './assistant/ai-settings-page';
import { ApiKeysPage } from './assistant/api-keys-page';
import { McpPage } from './assistant/mcp-page';
import { AnswersPage } from './contents/answers-page';
import { FlagsPage } from './contents/flags-page';
import { QuestionsPage } from './contents/questions-page';
import { DashboardPage } from './dashboard/dashboard-page';
import { PluginConfigPage } from './plugins/plugin-config-page';
import { PluginsPage } from './plugins/plugins-page';
import { ConnectorsPage } from './settings/connectors-page';
import { PrivilegesPage } from './settings/privileges-page';
import { SECTIONS, type SettingsSection } from './settings/sections';
import { SettingsPage } from './settings/settings-page';
import { ReasonsPage } from './users/reasons-page';
import { RolesPage } from './users/roles-page';
import { UserOverviewPage } from './users/user-overview-page';
import { UsersPage } from './users/users-page';

const ADMIN = [guards.admin];

/** A settings page of these sections. */
const settings = (title: string, sections: SettingsSection[]) => () => createElement(SettingsPage, { title, sections });

/** A plugin's settings page. */
const pluginPage = (slug: string) => () => createElement(PluginConfigPage, { slug });

/** The admin screens (DESIGN §7, "Routes"), each for admins only. */
export const ROUTE_TABLE: readonly Route[] = [
  route('/admin', { guards: ADMIN, Page: DashboardPage }),
  route('/admin/dashboard', { guards: ADMIN, Page: DashboardPage }),
  route('/admin/questions', { guards: ADMIN, Page: QuestionsPage }),
  route('/admin/answers', { guards: ADMIN, Page: AnswersPage }),
  route('/admin/flags', { guards: ADMIN, Page: FlagsPage }),
  route('/admin/users', { guards: ADMIN, Page: UsersPage }),
  route('/admin/users/:user_id', { key: (p) => `user-${p.user_id}`, guards: ADMIN, Page: UserOverviewPage }),
  route('/admin/roles', { guards: ADMIN, Page: RolesPage }),
  route('/admin/reasons', { guards: ADMIN, Page: ReasonsPage }),
  route('/admin/themes', { guards: ADMIN, Page: settings('ui.admin.menu.themes', [SECTIONS.theme]) }),
  route('/admin/css-html', { guards: ADMIN, Page: settings('ui.admin.menu.css_html', [SECTIONS.customCssHtml]) }),
  route('/admin/general', { guards: ADMIN, Page: settings('ui.admin.menu.general', [SECTIONS.general]) }),
  route('/admin/interface', { guards: ADMIN, Page: settings('ui.admin.menu.interface', [SECTIONS.interface]) }),
  route('/admin/branding', { guards: ADMIN, Page: settings('ui.admin.menu.branding', [SECTIONS.branding]) }),
  route('/admin/smtp', { guards: ADMIN, Page: settings('ui.admin.menu.smtp', [SECTIONS.smtp]) }),
  route('/admin/legal', { guards: ADMIN, Page: settings('ui.admin.menu.legal', [SECTIONS.policies]) }),
  route('/admin/security', { guards: ADMIN, Page: settings('ui.admin.menu.security', [SECTIONS.security]) }),
  route('/admin/write', {
    guards: ADMIN,
    Page: settings('ui.admin.menu.write', [SECTIONS.questions, SECTIONS.tags, SECTIONS.advanced]),
  }),
  route('/admin/seo', { guards: ADMIN, Page: settings('ui.admin.menu.seo', [SECTIONS.seo]) }),
  route('/admin/login', { guards: ADMIN, Page: settings('ui.admin.menu.login', [SECTIONS.login]) }),
  route('/admin/settings-users', {
    guards: ADMIN,
    Page: settings('ui.admin.menu.settings_users', [SECTIONS.users]),
  }),
  route('/admin/privileges', { guards: ADMIN, Page: PrivilegesPage }),
  route('/admin/connectors', { guards: ADMIN, Page: ConnectorsPage }),
  route('/admin/installed-plugins', { guards: ADMIN, Page: PluginsPage }),
  route('/admin/api-keys', { guards: ADMIN, Page: ApiKeysPage }),
  route('/admin/mcp', { guards: ADMIN, Page: McpPage }),
  route('/admin/ai-settings', { guards: ADMIN, Page: AiSettingsPage }),
  route('/admin/ai-conversations', { guards: ADMIN, Page: AiConversationsPage }),
  // `/admin/{slug_name}`: one route per built-in plugin, so no other admin page is taken for a plugin.
  ...BUILT_IN_PLUGINS.map((plugin) =>
    route(`/admin/${plugin.slug_name}`, {
      guards: ADMIN,
      Page: pluginPage(plugin.slug_name),
    }),
  ),
];
