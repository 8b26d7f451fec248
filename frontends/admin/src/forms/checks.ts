import { isEmail, isHttpUrl } from '@agora/contracts/api/formats';
import type { FieldSpec, FormValue, FormValues } from './schema';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const labelOf = (field: FieldSpec, t: Translate) =>
  field.worded && field.label ? field.label : t(field.label ?? `ui.admin.fields.${field.name}`);

/** The client's check of one field (the server checks again, and its messages land on the same fields). */
export function checkField(field: FieldSpec, value: FormValue, t: Translate): string | undefined {
  const label = labelOf(field, t);
  if (typeof value === 'string') {
    const text = value.trim();
    if (field.required && text === '') return t('ui.admin.form.required', { field: label });
    if (text === '') return undefined;
    if (field.maxLength && value.length > field.maxLength)
      return t('ui.form.too_long', { field: label, max: field.maxLength });
    if (field.kind === 'email' && !isEmail(text)) return t('ui.admin.form.email', { field: label });
    if (field.kind === 'url' && !isHttpUrl(text)) return t('ui.admin.form.url', { field: label });
    if (field.kind === 'color' && !/^#[0-9a-f]{6}$/i.test(text)) return t('ui.admin.form.color', { field: label });
  }
  if (field.kind === 'number') {
    const number = Number(value);
    if (value === '' || !Number.isInteger(number)) return t('ui.admin.form.integer', { field: label });
    if (field.min !== undefined && number < field.min) return t('ui.admin.form.min', { field: label, min: field.min });
    if (field.max !== undefined && number > field.max) return t('ui.admin.form.max', { field: label, max: field.max });
  }
  return undefined;
}

export function checkForm(fields: FieldSpec[], values: FormValues, t: Translate): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = checkField(field, values[field.name] ?? '', t);
    if (message) errors[field.name] = message;
  }
  return errors;
}
