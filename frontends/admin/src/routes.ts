import { guards, type Route, route } from '@agora/kit';
import { createElement } from 'react';
import { DashboardPage } from './dashboard/dashboard-page';
import { PrivilegesPage } from './settings/privileges-page';
import { SECTIONS, type SettingsSection } from './settings/sections';
import { SettingsPage } from './settings/settings-page';
import { RolesPage } from './users/roles-page';
import { UsersPage } from './users/users-page';

const ADMIN = [guards.admin];

/** A settings page of these sections. */
const settings = (title: string, sections: SettingsSection[]) => () => createElement(SettingsPage, { title, sections });

/** The admin screens (DESIGN §7, "Routes"), each for admins only. */
export const ROUTE_TABLE: readonly Route[] = [
  route('/admin', { guards: ADMIN, Page: DashboardPage }),
  route('/admin/dashboard', { guards: ADMIN, Page: DashboardPage }),
  route('/admin/users', { guards: ADMIN, Page: UsersPage }),
  route('/admin/roles', { guards: ADMIN, Page: RolesPage }),
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
];
