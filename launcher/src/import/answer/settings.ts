import type { ImportedSettings } from '@agora/contracts/import/records';
import { SETTINGS_GROUPS, type SettingsGroup, SettingsGroupSchemas } from '@agora/contracts/site/settings';
import { q, type ReadContext } from './context';
import { flag, int, isRecord, json, text } from './values';

/**
 * Site settings (docs/adr/0094-importing-a-community.md): each `site_info` row's JSON, by its type, feeds the
 * Agora groups whose fields it has (same field names as the admin API), older legacy rows first so that a newer
 * row of the same fields wins. SMTP comes from `config` `email.config`.
 */
const SOURCE_TYPES: { type: string; groups: SettingsGroup[] }[] = [
  // Legacy rows a site upgraded from 1.x may still have (split in 2.0.0).
  { type: 'interface', groups: ['interface', 'users', 'branding'] },
  { type: 'write', groups: ['questions', 'tags', 'advanced'] },
  { type: 'legal', groups: ['policies'] },
  { type: 'general', groups: ['general'] },
  { type: 'interface_settings', groups: ['interface'] },
  { type: 'branding', groups: ['branding'] },
  { type: 'login', groups: ['login', 'security'] },
  { type: 'theme', groups: ['theme'] },
  { type: 'css-html', groups: ['custom_css_html'] },
  { type: 'seo', groups: ['seo'] },
  { type: 'users', groups: ['users'] },
  { type: 'users_settings', groups: ['users'] },
  { type: 'privileges', groups: ['privileges'] },
  { type: 'advanced', groups: ['advanced'] },
  { type: 'questions', groups: ['questions'] },
  { type: 'tags', groups: ['tags'] },
  { type: 'policies', groups: ['policies'] },
  { type: 'security', groups: ['security'] },
];

/** The site_info types with no Agora counterpart, for the report. */
export const UNMAPPED_SITE_TYPES = ['ai', 'mcp', 'feature-toggle'];

/** Privilege levels Agora has (the reference's 99, custom thresholds, has none). */
const PRIVILEGE_LEVELS = new Set([1, 2, 3]);

type FieldSchema = { type?: string };

/** A value in the type the group's schema has for the field (sources store 0/1 and numbers as text). */
function coerce(schema: FieldSchema | undefined, value: unknown): unknown {
  if (schema?.type === 'boolean') return typeof value === 'boolean' ? value : flag(value);
  if (schema?.type === 'integer' || schema?.type === 'number') return int(value);
  if (schema?.type === 'string') return text(value);
  return value;
}

/** Tags written as slugs in older rows, as objects in newer ones. */
function siteTags(value: unknown): unknown {
  if (!Array.isArray(value)) return [];
  return value.map((tag) =>
    typeof tag === 'string'
      ? { slug_name: tag, display_name: tag }
      : isRecord(tag)
        ? tag
        : { slug_name: '', display_name: '' },
  );
}

function pick(group: SettingsGroup, content: Record<string, unknown>): Record<string, unknown> {
  const properties = (SettingsGroupSchemas[group] as unknown as { properties: Record<string, FieldSchema> }).properties;
  const values: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(properties)) {
    if (!(field in content)) continue;
    const value = content[field];
    values[field] = field === 'recommend_tags' || field === 'reserved_tags' ? siteTags(value) : coerce(schema, value);
  }
  return values;
}

async function rewriteBranding(context: ReadContext, values: Record<string, unknown>) {
  for (const field of ['logo', 'mobile_logo', 'square_icon', 'favicon']) {
    if (typeof values[field] === 'string') values[field] = await context.uploads.rewrite(values[field] as string);
  }
}

/** The settings groups, in Agora's group order, each merged from every row that has its fields. */
export async function* readSettings(context: ReadContext): AsyncGenerator<ImportedSettings> {
  const groups = new Map<SettingsGroup, Record<string, unknown>>();
  const merge = (group: SettingsGroup, values: Record<string, unknown>) => {
    if (Object.keys(values).length) groups.set(group, { ...groups.get(group), ...values });
  };
  const rows = await context.db.query('SELECT id, type, content FROM site_info ORDER BY id');
  for (const source of SOURCE_TYPES) {
    for (const row of rows.filter((r) => text(r.type) === source.type)) {
      const content = json(row.content);
      if (!isRecord(content)) continue;
      for (const group of source.groups) merge(group, pick(group, content));
    }
  }
  const smtp = await context.db.query(`SELECT value FROM config WHERE ${q(context, 'key')} = ?`, ['email.config']);
  const mail = json(smtp[0]?.value);
  if (isRecord(mail)) merge('smtp', pick('smtp', mail));

  const privileges = groups.get('privileges');
  if (privileges && !PRIVILEGE_LEVELS.has(Number(privileges.level))) groups.delete('privileges');
  const branding = groups.get('branding');
  if (branding) await rewriteBranding(context, branding);

  for (const group of SETTINGS_GROUPS) {
    const values = groups.get(group);
    if (values) yield { kind: 'settings', group, values };
  }
}

/** The old site's address, for rewriting the upload addresses its texts embed. */
export async function readSiteUrl(context: Pick<ReadContext, 'db'>): Promise<string | undefined> {
  const rows = await context.db.query('SELECT content FROM site_info WHERE type = ? ORDER BY id', ['general']);
  const general = json(rows[0]?.content);
  return isRecord(general) && typeof general.site_url === 'string' ? general.site_url : undefined;
}
