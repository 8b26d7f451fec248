import {
  type PluginDefinition,
  type PluginFieldDefinition,
  PluginFieldType,
  PluginLimits,
  TAG_SLUG_PATTERN,
  type TagSelectorOption,
} from '@agora/contracts';
import type { FieldProblem } from '@agora/platform';

type FieldCheck = { value: unknown; problem?: Omit<FieldProblem, 'field'> };

function isTagOption(value: unknown): value is TagSelectorOption {
  if (!value || typeof value !== 'object') return false;
  const tag = value as Record<string, unknown>;
  return (
    typeof tag.tag_id === 'string' &&
    typeof tag.slug_name === 'string' &&
    TAG_SLUG_PATTERN.test(tag.slug_name) &&
    typeof tag.display_name === 'string' &&
    tag.display_name.length <= 100
  );
}

function checkField(field: PluginFieldDefinition, value: unknown): FieldCheck {
  switch (field.type) {
    case PluginFieldType.switch:
      return typeof value === 'boolean' ? { value } : { value, problem: { key: 'validation.invalid' } };
    case PluginFieldType.select:
      return typeof value === 'string' && field.options?.includes(value)
        ? { value }
        : { value, problem: { key: 'validation.one_of', params: { options: (field.options ?? []).join(', ') } } };
    case PluginFieldType.tagSelector: {
      if (!Array.isArray(value) || !value.every(isTagOption)) return { value, problem: { key: 'validation.invalid' } };
      if (value.length > PluginLimits.sidebarTagsMax)
        return { value, problem: { key: 'validation.max_items', params: { limit: PluginLimits.sidebarTagsMax } } };
      return {
        value: value.map(({ tag_id, slug_name, display_name, recommend, reserved }) => ({
          tag_id,
          slug_name,
          display_name,
          recommend: recommend === true,
          reserved: reserved === true,
        })),
      };
    }
    default:
      return checkText(field, value);
  }
}

/** Text and number inputs: a number input takes a number or its digits; text is trimmed of nothing. */
function checkText(field: PluginFieldDefinition, value: unknown): FieldCheck {
  if (field.inputType === 'number') {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isInteger(number))
      return { value, problem: { key: 'validation.invalid' } };
    if (field.min !== undefined && number < field.min)
      return { value, problem: { key: 'validation.minimum', params: { limit: field.min } } };
    if (field.max !== undefined && number > field.max)
      return { value, problem: { key: 'validation.maximum', params: { limit: field.max } } };
    return { value: number };
  }
  if (typeof value !== 'string') return { value, problem: { key: 'validation.invalid' } };
  if (field.required && value.trim() === '') return { value, problem: { key: 'validation.required' } };
  if (field.maxLength !== undefined && value.length > field.maxLength)
    return { value, problem: { key: 'validation.max_length', params: { limit: field.maxLength } } };
  return { value };
}

/**
 * A plugin's settings as sent, laid over its stored ones and checked field by field against its form: unknown
 * fields and every bad value are named, one problem each.
 */
export function checkPluginConfig(
  plugin: PluginDefinition,
  stored: Record<string, unknown>,
  sent: Record<string, unknown>,
): { config: Record<string, unknown>; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const known = new Set(plugin.fields.map((field) => field.name));
  for (const name of Object.keys(sent))
    if (!known.has(name)) problems.push({ field: name, key: 'validation.unknown_field' });
  const config: Record<string, unknown> = {};
  for (const field of plugin.fields) {
    const value = field.name in sent ? sent[field.name] : stored[field.name];
    const checked = checkField(field, value);
    if (checked.problem) problems.push({ field: field.name, ...checked.problem });
    config[field.name] = checked.value;
  }
  return { config, problems };
}

/** The sidebar's links: "Title, https://..." per line; a line without a comma is a bare URL. */
export function linkLineProblems(linksText: string): FieldProblem[] {
  for (const line of linksText.split('\n')) {
    const text = line.trim();
    if (text === '') continue;
    const url = (text.includes(',') ? text.slice(text.lastIndexOf(',') + 1) : text).trim();
    if (!/^https?:\/\/\S+$/.test(url) && !url.startsWith('/')) return [{ field: 'links_text', key: 'validation.url' }];
  }
  return [];
}
