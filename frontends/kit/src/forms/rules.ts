import { USERNAME_PATTERN } from '@agora/contracts/identity/profile-rules';
import { Limits } from '@agora/contracts/limits';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A message when the value breaks one of the form rules, else undefined. */
export type Rule = (value: string, t: Translate) => string | undefined;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOGIN_NAME = new RegExp(USERNAME_PATTERN);

const empty = (field: string, t: Translate) => `${t(`ui.form.fields.${field}`)} ${t('ui.messages.empty')}`;
const invalid = (field: string, t: Translate) => `${t(`ui.form.fields.${field}`)} ${t('ui.messages.invalid')}`;

export const rules = {
  email: ((value, t) => {
    if (!value.trim()) return empty('email', t);
    if (!EMAIL.test(value.trim()) || value.length > Limits.user.emailMaxLength) return invalid('email', t);
    return undefined;
  }) as Rule,
  /** Passwords: not empty, 8 to 32 characters. */
  password: ((value, t) => {
    if (!value) return t('ui.form.password_empty');
    if (value.length < Limits.password.minLength) return t('ui.form.password_min', { min: Limits.password.minLength });
    if (value.length > Limits.password.maxLength) return t('ui.form.password_max', { max: Limits.password.maxLength });
    return undefined;
  }) as Rule,
  /** Display name: required, up to 30. */
  displayName: ((value, t) => {
    if (!value.trim()) return empty('name', t);
    if (value.trim().length > Limits.user.displayNameMaxLength) {
      return t('ui.form.too_long', { field: t('ui.form.fields.name'), max: Limits.user.displayNameMaxLength });
    }
    return undefined;
  }) as Rule,
  /** Login name: required, up to 30, a-z 0-9 - . _ (no spaces) */
  loginName: ((value, t) => {
    if (!value.trim()) return empty('username', t);
    if (value.length > Limits.user.loginNameMaxLength) {
      return t('ui.form.too_long', { field: t('ui.form.fields.username'), max: Limits.user.loginNameMaxLength });
    }
    if (!LOGIN_NAME.test(value)) return invalid('username', t);
    return undefined;
  }) as Rule,
  required:
    (field: string): Rule =>
    (value, t) =>
      value.trim() ? undefined : empty(field, t),
};

/** Checks fields against their rules; the messages by field name (empty when all pass). */
export function validate(values: Record<string, string>, checks: Record<string, Rule[]>, t: Translate) {
  const errors: Record<string, string> = {};
  for (const [field, list] of Object.entries(checks)) {
    for (const rule of list) {
      const message = rule(values[field] ?? '', t);
      if (message) {
        errors[field] = message;
        break;
      }
    }
  }
  return errors;
}
