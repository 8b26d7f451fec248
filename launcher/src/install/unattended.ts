import {
  type CheckDatabaseReq,
  CheckDatabaseReqSchema,
  DEFAULT_LANGUAGE,
  type InitBaseInfoReq,
  InitBaseInfoReqSchema,
  InstallDatabaseType,
  translate,
} from '@agora/contracts';
import { ApiError } from '@agora/platform';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** Each installer field and the environment variable an unattended install reads it from. */
const DATABASE_VARIABLES: Record<keyof CheckDatabaseReq, string> = {
  db_type: 'AGORA_INSTALL_DB_TYPE',
  db_host: 'AGORA_INSTALL_DB_HOST',
  db_name: 'AGORA_INSTALL_DB_NAME',
  db_username: 'AGORA_INSTALL_DB_USERNAME',
  db_password: 'AGORA_INSTALL_DB_PASSWORD',
  db_file: 'AGORA_INSTALL_DB_FILE',
  ssl_enabled: 'AGORA_INSTALL_DB_SSL',
  ssl_mode: 'AGORA_INSTALL_DB_SSL_MODE',
  ssl_root_cert: 'AGORA_INSTALL_DB_SSL_ROOT_CERT',
  ssl_cert: 'AGORA_INSTALL_DB_SSL_CERT',
  ssl_key: 'AGORA_INSTALL_DB_SSL_KEY',
};

const SITE_VARIABLES: Record<keyof InitBaseInfoReq, string> = {
  lang: 'AGORA_INSTALL_LANGUAGE',
  site_name: 'AGORA_INSTALL_SITE_NAME',
  site_url: 'AGORA_INSTALL_SITE_URL',
  contact_email: 'AGORA_INSTALL_CONTACT_EMAIL',
  login_required: 'AGORA_INSTALL_LOGIN_REQUIRED',
  external_content_display: 'AGORA_INSTALL_EXTERNAL_CONTENT_DISPLAY',
  name: 'AGORA_INSTALL_ADMIN_NAME',
  email: 'AGORA_INSTALL_ADMIN_EMAIL',
  password: 'AGORA_INSTALL_ADMIN_PASSWORD',
};

const BOOLEAN_FIELDS = new Set(['ssl_enabled', 'login_required']);

/** An unattended install's settings that are missing or wrong, each named by its variable. */
export class UnattendedInstallError extends Error {
  override name = 'UnattendedInstallError';
}

function read<K extends string>(
  env: NodeJS.ProcessEnv,
  variables: Record<K, string>,
  defaults: Partial<Record<K, unknown>>,
) {
  const values: Record<string, unknown> = { ...defaults };
  for (const [field, variable] of Object.entries(variables) as [K, string][]) {
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    values[field] = BOOLEAN_FIELDS.has(field) ? ['true', '1', 'yes', 'on'].includes(raw.trim().toLowerCase()) : raw;
  }
  return values;
}

/** One message per variable: what is missing, or what its value must be. */
function problems(schema: TSchema, value: unknown, variables: Record<string, string>): string[] {
  const byVariable = new Map<string, string>();
  const note = (field: string, message: string) => {
    const variable = variables[field] ?? field;
    if (!byVariable.has(variable)) byVariable.set(variable, `${variable} ${message}`);
  };
  for (const error of Value.Errors(schema, value)) {
    const field = error.instancePath.slice(1);
    if (error.keyword === 'required') {
      const missing = (error.params as { requiredProperties?: string[] }).requiredProperties ?? [];
      for (const name of missing) note(name, 'is required');
    } else if (error.keyword === 'anyOf') {
      const allowed = (schema as { properties?: Record<string, { anyOf?: { const?: unknown }[] }> }).properties?.[
        field
      ]?.anyOf?.map((option) => String(option.const));
      note(field, `must be one of ${allowed?.join(', ') ?? 'the allowed values'}`);
    } else if (error.keyword !== 'const') {
      note(field, error.message);
    }
  }
  return [...byVariable.values()];
}

/**
 * The installer's two requests from the environment (`AGORA_AUTO_INSTALL=true`, then `AGORA_INSTALL_*`,
 * the README lists them), checked by the same schemas as the wizard's; the embedded database by default.
 */
export function unattendedRequests(env: NodeJS.ProcessEnv): { database: CheckDatabaseReq; site: InitBaseInfoReq } {
  const database = read(env, DATABASE_VARIABLES, { db_type: InstallDatabaseType.embedded });
  const site = read(env, SITE_VARIABLES, {
    lang: DEFAULT_LANGUAGE,
    login_required: false,
    external_content_display: 'always_display',
  });
  const found = [
    ...problems(CheckDatabaseReqSchema, database, DATABASE_VARIABLES),
    ...problems(InitBaseInfoReqSchema, site, SITE_VARIABLES),
  ];
  if (found.length) throw new UnattendedInstallError(`Unattended install: ${found.join('; ')}`);
  return { database: database as CheckDatabaseReq, site: site as InitBaseInfoReq };
}

/** An installer refusal as a line of the log (in English, with the fields it names). */
export function refusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return (error as Error).message;
  if (error.fields.length) {
    return error.fields
      .map((f) => `${f.field}: ${translate(DEFAULT_LANGUAGE, f.key, { field: f.field, ...f.params })}`)
      .join('; ');
  }
  return translate(DEFAULT_LANGUAGE, error.messageKey ?? error.reason, error.messageParams);
}
