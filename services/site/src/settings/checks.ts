import {
  COLOR_SCHEMES,
  DOMAIN_PATTERN,
  FILE_EXTENSION_PATTERN,
  HEX_COLOR_PATTERN,
  isEmail,
  isHttpUrl,
  isImageAddress,
  LANGUAGE_OPTIONS,
  Limits,
  type SettingsGroup,
  type SiteSettings,
  TAG_SLUG_PATTERN,
  THEME_OPTIONS,
} from '@agora/contracts';
import { type FieldProblem, renderMarkdown } from '@agora/platform';

/**
 * The checks of a settings group that a schema cannot say (formats, known values, duplicates), and the
 * normal form a value is stored in. Pure: what is wrong comes back as one problem per field, and a group
 * with problems is not saved.
 */
type Check<G extends SettingsGroup> = (values: SiteSettings[G]) => {
  values: SiteSettings[G];
  problems: FieldProblem[];
};

const isColour = (value: unknown) => typeof value === 'string' && HEX_COLOR_PATTERN.test(value);

const TIME_ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/** `scheme://host[/path]`, without a trailing slash. */
function normalisedSiteUrl(text: string): string {
  const url = new URL(text);
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

function duplicatesOf(values: string[]): string | undefined {
  const seen = new Set<string>();
  for (const value of values) {
    const key = value.toLowerCase();
    if (seen.has(key)) return value;
    seen.add(key);
  }
  return undefined;
}

/** Each item must match; the first that does not, then the first repeated, is named. */
function listProblem(field: string, items: string[], valid: (item: string) => boolean, key: string): FieldProblem[] {
  const bad = items.find((item) => !valid(item));
  if (bad !== undefined) return [{ field, key, params: { value: bad } }];
  const repeated = duplicatesOf(items);
  return repeated === undefined ? [] : [{ field, key: 'validation.duplicate', params: { value: repeated } }];
}

const general: Check<'general'> = (values) => {
  const problems: FieldProblem[] = [];
  const site_url = values.site_url.trim();
  if (!isHttpUrl(site_url)) problems.push({ field: 'site_url', key: 'validation.url' });
  const contact_email = values.contact_email.trim();
  if (!isEmail(contact_email)) problems.push({ field: 'contact_email', key: 'validation.email' });
  if (values.name.trim() === '') problems.push({ field: 'name', key: 'validation.required' });
  if (problems.length > 0) return { values, problems };
  return {
    values: { ...values, name: values.name.trim(), site_url: normalisedSiteUrl(site_url), contact_email },
    problems,
  };
};

const interfaceGroup: Check<'interface'> = (values) => {
  const problems: FieldProblem[] = [];
  const languages: string[] = LANGUAGE_OPTIONS.map((option) => option.value);
  if (!languages.includes(values.language))
    problems.push({ field: 'language', key: 'validation.one_of', params: { options: languages.join(', ') } });
  if (!TIME_ZONES.has(values.time_zone)) problems.push({ field: 'time_zone', key: 'validation.time_zone' });
  return { values, problems };
};

const branding: Check<'branding'> = (values) => {
  const problems: FieldProblem[] = [];
  const trimmed = { ...values };
  for (const field of ['logo', 'mobile_logo', 'square_icon', 'favicon'] as const) {
    trimmed[field] = values[field].trim();
    if (trimmed[field] !== '' && !isImageAddress(trimmed[field]))
      problems.push({ field, key: 'validation.image_address' });
  }
  return { values: trimmed, problems };
};

const login: Check<'login'> = (values) => {
  const domains = values.allow_email_domains.map((domain) => domain.trim().toLowerCase()).filter(Boolean);
  const problems = listProblem('allow_email_domains', domains, (d) => DOMAIN_PATTERN.test(d), 'validation.domain');
  return { values: { ...values, allow_email_domains: domains }, problems };
};

const theme: Check<'theme'> = (values) => {
  const problems: FieldProblem[] = [];
  const themes = THEME_OPTIONS.map((option) => option.value);
  if (!themes.includes(values.theme))
    problems.push({ field: 'theme', key: 'validation.one_of', params: { options: themes.join(', ') } });
  if (!(COLOR_SCHEMES as readonly string[]).includes(values.color_scheme))
    problems.push({ field: 'color_scheme', key: 'validation.one_of', params: { options: COLOR_SCHEMES.join(', ') } });
  // Each theme's colours: every value named `*_color` or `navbar_style` must be a colour.
  for (const config of Object.values(values.theme_config)) {
    if (config === null || typeof config !== 'object' || Array.isArray(config)) {
      problems.push({ field: 'theme_config', key: 'validation.invalid' });
      break;
    }
    // The navbar is drawn in a colour, or in the primary colour (`colored`) or white (`light`).
    const navbar = (config as Record<string, unknown>).navbar_style;
    const navbarOk = navbar === undefined || navbar === 'colored' || navbar === 'light' || isColour(navbar);
    const colours = Object.entries(config).filter(([key]) => key.endsWith('_color'));
    if (!navbarOk || colours.some(([, colour]) => !isColour(colour))) {
      problems.push({ field: 'theme_config', key: 'validation.color' });
      break;
    }
  }
  return { values, problems };
};

const users: Check<'users'> = (values) => {
  const gravatar_base_url = values.gravatar_base_url.trim();
  const problems: FieldProblem[] =
    gravatar_base_url === '' && values.default_avatar !== 'gravatar'
      ? []
      : isHttpUrl(gravatar_base_url)
        ? []
        : [{ field: 'gravatar_base_url', key: 'validation.url' }];
  return { values: { ...values, gravatar_base_url }, problems };
};

const tags: Check<'tags'> = (values) => {
  const problems: FieldProblem[] = [];
  const clean = (list: SiteSettings['tags']['recommend_tags']) =>
    list.map((tag) => ({
      slug_name: tag.slug_name.trim().toLowerCase(),
      display_name: tag.display_name.trim() || tag.slug_name.trim().toLowerCase(),
    }));
  const recommend_tags = clean(values.recommend_tags);
  const reserved_tags = clean(values.reserved_tags);
  for (const [field, list] of [
    ['recommend_tags', recommend_tags],
    ['reserved_tags', reserved_tags],
  ] as const) {
    const slugs = list.map((tag) => tag.slug_name);
    const bad = slugs.find((slug) => !TAG_SLUG_PATTERN.test(slug));
    if (bad !== undefined)
      problems.push({ field, key: 'validation.tag_slug', params: { value: bad, max: Limits.tags.slugMaxLength } });
    else problems.push(...listProblem(field, slugs, () => true, 'validation.invalid'));
  }
  return { values: { ...values, recommend_tags, reserved_tags }, problems };
};

const advanced: Check<'advanced'> = (values) => {
  const clean = (list: string[]) => list.map((ext) => ext.trim().replace(/^\./, '').toLowerCase()).filter(Boolean);
  const authorized_image_extensions = clean(values.authorized_image_extensions);
  const authorized_attachment_extensions = clean(values.authorized_attachment_extensions);
  const valid = (ext: string) => FILE_EXTENSION_PATTERN.test(ext);
  const problems = [
    ...listProblem('authorized_image_extensions', authorized_image_extensions, valid, 'validation.extension'),
    ...listProblem('authorized_attachment_extensions', authorized_attachment_extensions, valid, 'validation.extension'),
  ];
  return { values: { ...values, authorized_image_extensions, authorized_attachment_extensions }, problems };
};

/**
 * SMTP may be saved incomplete, as the reference allows (a from address before the host is known): mail goes
 * through the site's SMTP only once it names a host, and until then as with no SMTP at all (DESIGN §4 "mail").
 * What is filled in must be well formed.
 */
const smtp: Check<'smtp'> = (values) => {
  const problems: FieldProblem[] = [];
  const trimmed = {
    ...values,
    from_email: values.from_email.trim(),
    from_name: values.from_name.trim(),
    smtp_host: values.smtp_host.trim(),
    smtp_username: values.smtp_username.trim(),
  };
  if (trimmed.from_email !== '' && !isEmail(trimmed.from_email))
    problems.push({ field: 'from_email', key: 'validation.email' });
  if (isEmail(trimmed.from_name)) problems.push({ field: 'from_name', key: 'validation.not_email' });
  return { values: trimmed, problems };
};

/** The texts' HTML is rendered here from their markdown; HTML sent by the client is never stored. */
const policies: Check<'policies'> = (values) => ({
  values: {
    terms_of_service_original_text: values.terms_of_service_original_text,
    terms_of_service_parsed_text: renderMarkdown(values.terms_of_service_original_text),
    privacy_policy_original_text: values.privacy_policy_original_text,
    privacy_policy_parsed_text: renderMarkdown(values.privacy_policy_original_text),
  },
  problems: [],
});

const asIs = <T>(values: T) => ({ values, problems: [] as FieldProblem[] });

const CHECKS: { [G in SettingsGroup]: Check<G> } = {
  general,
  interface: interfaceGroup,
  branding,
  login,
  theme,
  custom_css_html: asIs,
  seo: asIs,
  users,
  questions: asIs,
  tags,
  advanced,
  policies,
  security: asIs,
  smtp,
  privileges: asIs,
  // Checked per plugin, by its form, before it is saved (services/site/src/plugins/config-checks.ts).
  plugins: asIs,
};

export function checkSettingsGroup<G extends SettingsGroup>(
  group: G,
  values: SiteSettings[G],
): { values: SiteSettings[G]; problems: FieldProblem[] } {
  return (CHECKS[group] as Check<G>)(values);
}
