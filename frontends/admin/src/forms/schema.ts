/**
 * The form schema every admin form is drawn from: fields with a kind, a label and description key, and their
 * checks. One renderer (`SchemaForm`) draws any of them, and maps the server's field errors onto the fields.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'url'
  | 'password'
  | 'number'
  | 'switch'
  | 'select'
  | 'color'
  /** An image's URL, typed or uploaded through `file`. */
  | 'image'
  /** A list of strings, one per line. */
  | 'lines';

export interface FieldOption {
  value: string;
  /** A translation key, or the label itself when `raw`. */
  label: string;
  raw?: boolean;
}

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** Translation key of the label; `ui.admin.fields.<name>` by default. */
  label?: string;
  /** Translation key of the help text under the field. */
  description?: string;
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  options?: FieldOption[];
  /** The label and description are text already (a plugin's form, worded by the server), not keys. */
  worded?: boolean;
  /** The field the server names in its errors, when not this one (a colour inside `theme_config`). */
  serverField?: string;
}

/** A value as a form holds it: text fields hold strings, switches booleans, lists arrays of strings. */
export type FormValue = string | number | boolean | string[];
export type FormValues = Record<string, FormValue>;
