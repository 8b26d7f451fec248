import { Limits } from '@agora/contracts/limits';
import { type Rule, rules } from '@agora/kit';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WEB_ADDRESS = /^https?:\/\/[^\s/]+/;

/** The site step's checks, the same limits as the server's (name 30, URL 512). */
export const siteRules: Record<'site_name' | 'site_url' | 'contact_email', Rule[]> = {
  site_name: [
    rules.required('site_name'),
    (value, t) =>
      value.trim().length > Limits.site.nameMaxLength
        ? t('ui.install.too_long', { field: t('ui.form.fields.site_name'), max: Limits.site.nameMaxLength })
        : undefined,
  ],
  site_url: [
    rules.required('site_url'),
    (value, t) => {
      if (value.trim().length > Limits.site.urlMaxLength) {
        return t('ui.install.too_long', { field: t('ui.form.fields.site_url'), max: Limits.site.urlMaxLength });
      }
      return WEB_ADDRESS.test(value.trim()) ? undefined : t('ui.install.url_invalid');
    },
  ],
  contact_email: [
    rules.required('contact_email'),
    (value, t) =>
      EMAIL.test(value.trim()) ? undefined : `${t('ui.form.fields.contact_email')} ${t('ui.messages.invalid')}`,
  ],
};
