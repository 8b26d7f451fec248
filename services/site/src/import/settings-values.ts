import { SETTINGS_GROUPS, type SettingsGroup, SettingsGroupSchemas, type SiteSettings } from '@agora/contracts';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { checkSettingsGroup } from '../settings/checks';

/** Fields an import leaves as they are: the site's address is where Agora runs, whatever the source's was. */
const KEPT: Partial<Record<SettingsGroup, readonly string[]>> = { general: ['site_url'] };

type Schema = TSchema;
type Validator = ReturnType<typeof Compile>;
const validators = new Map<string, Validator>();

function compiled(key: string, schema: Schema): Validator {
  let validator = validators.get(key);
  if (!validator) {
    validator = Compile(schema);
    validators.set(key, validator);
  }
  return validator;
}

/**
 * The check of one field's value as the admin route's schema has it: a field of the group's object, or an entry of a
 * group kept by key (plugins, by slug). Undefined for a field the group does not have.
 */
function fieldCheck(group: SettingsGroup, field: string): ((value: unknown) => boolean) | undefined {
  const schema: Schema & { properties?: Record<string, Schema> } = SettingsGroupSchemas[group];
  if (!schema.properties) {
    const entries = compiled(group, schema);
    return (value) => entries.Check({ [field]: value });
  }
  const property = schema.properties[field];
  if (!property) return undefined;
  const validator = compiled(`${group}.${field}`, property);
  return (value) => validator.Check(value);
}

export function isSettingsGroup(group: string): group is SettingsGroup {
  return (SETTINGS_GROUPS as readonly string[]).includes(group);
}

export interface MergedSettings<G extends SettingsGroup> {
  values: SiteSettings[G];
  /** What was left out, one line per field (`general.site_url: kept the installed site's value`). */
  dropped: string[];
  /** Why nothing of the group can be saved: what stays wrong with the group's current value. */
  refused?: string;
}

/**
 * An imported settings group over the group's current value, checked as the admin pages check a save (each field
 * against the route's schema, then the group's checks): an unknown field, a value of the wrong shape or one the
 * checks refuse is dropped, and the current value stays. Pure.
 */
export function mergeImportedSettings<G extends SettingsGroup>(
  group: G,
  current: SiteSettings[G],
  imported: Record<string, unknown>,
): MergedSettings<G> {
  const dropped: string[] = [];
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(imported)) {
    const check = fieldCheck(group, field);
    if (!check) dropped.push(`${group}.${field}: unknown field`);
    else if (KEPT[group]?.includes(field)) dropped.push(`${group}.${field}: kept the installed site's value`);
    else if (!check(value)) dropped.push(`${group}.${field}: not a valid value`);
    else kept[field] = value;
  }
  let merged = { ...current, ...kept } as SiteSettings[G];
  let { values, problems } = checkSettingsGroup(group, merged);
  if (problems.length > 0) {
    // What the group's checks refuse goes back to its current value; the rest is saved.
    const refused = new Set(problems.map((p) => p.field));
    for (const problem of problems) dropped.push(`${group}.${problem.field}: ${problem.key}`);
    merged = Object.fromEntries(
      Object.entries(merged).map(([field, value]) => [
        field,
        refused.has(field) ? (current as Record<string, unknown>)[field] : value,
      ]),
    ) as SiteSettings[G];
    ({ values, problems } = checkSettingsGroup(group, merged));
    if (problems.length > 0) {
      const wrong = problems.map((p) => `${group}.${p.field}: ${p.key}`).join(', ');
      return { values: current, dropped, refused: `the site's own settings do not pass their checks (${wrong})` };
    }
  }
  return { values, dropped };
}
