import { PluginFieldType } from '@agora/contracts/site/plugins';
import type { ConfigField, TagSelectorOption } from '@agora/kit';
import type { FieldSpec, FormValue, FormValues } from '../forms/schema';

/**
 * A plugin's form (the reference's `ConfigField`s) as the admin area's form schema, so the one renderer draws
 * it: a tag selector is a list of tag names, one per line.
 */
export function fieldSpecOf(field: ConfigField): FieldSpec {
  const ui = field.ui_options;
  const base = {
    name: field.name,
    label: field.title,
    worded: true,
    required: field.required,
    ...(field.description ? { description: field.description } : {}),
  };
  switch (field.type) {
    case PluginFieldType.switch:
      return { ...base, kind: 'switch' };
    case PluginFieldType.select:
      return {
        ...base,
        kind: 'select',
        options: field.options.map((option) => ({ value: option.value, label: option.label, raw: true })),
      };
    case PluginFieldType.textarea:
      return { ...base, kind: 'textarea', ...(ui.max_length ? { maxLength: ui.max_length } : {}) };
    case PluginFieldType.tagSelector:
      return { ...base, kind: 'lines' };
    default:
      return ui.input_type === 'number'
        ? {
            ...base,
            kind: 'number',
            ...(ui.min !== undefined ? { min: ui.min } : {}),
            ...(ui.max !== undefined ? { max: ui.max } : {}),
          }
        : { ...base, kind: 'text', ...(ui.max_length ? { maxLength: ui.max_length } : {}) };
  }
}

const isTagList = (value: unknown): value is TagSelectorOption[] =>
  Array.isArray(value) && value.every((tag) => tag && typeof tag === 'object' && 'slug_name' in tag);

/** The form's values from the plugin's current settings. */
export function formValuesOf(fields: ConfigField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = field.value;
    if (field.type === PluginFieldType.tagSelector)
      values[field.name] = isTagList(value) ? value.map((tag) => tag.slug_name) : [];
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      values[field.name] = value;
    else values[field.name] = '';
  }
  return values;
}

/** A tag named in the form, as the plugin stores it; unknown names are left to the server to refuse. */
export type TagLookup = (slug: string) => Promise<TagSelectorOption>;

/** The settings to send: numbers as numbers, tag names resolved to the tags they name. */
export async function configOf(
  fields: ConfigField[],
  values: FormValues,
  lookup: TagLookup,
): Promise<Record<string, unknown>> {
  const config: Record<string, unknown> = {};
  for (const field of fields) {
    const value: FormValue | undefined = values[field.name];
    if (field.type === PluginFieldType.tagSelector) {
      const names = (Array.isArray(value) ? value : []).map((name) => name.trim()).filter(Boolean);
      const known = isTagList(field.value) ? field.value : [];
      config[field.name] = await Promise.all(
        names.map((name) => known.find((tag) => tag.slug_name === name) ?? lookup(name)),
      );
    } else if (field.ui_options.input_type === 'number' && typeof value === 'string' && value.trim() !== '') {
      config[field.name] = Number(value);
    } else config[field.name] = value;
  }
  return config;
}
