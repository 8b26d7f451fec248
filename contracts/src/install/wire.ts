import { type Static, Type } from 'typebox';
import { USERNAME_PATTERN } from '../identity/profile-rules';
import { Limits } from '../limits';

/**
 * The installation API's wire shapes (`/installation/*`, reference API group "installation"), shared by the
 * installer that serves them and the `install` micro-frontend that calls them.
 */

/**
 * The database an install uses: Agora's own PostgreSQL in the data directory (`embedded`; the reference
 * client's file database, `sqlite3`, means the same), or a PostgreSQL server the operator names
 * (`postgres`). `mysql` is refused with a field error: Agora runs on PostgreSQL only.
 */
export const InstallDatabaseType = {
  embedded: 'embedded',
  postgres: 'postgres',
  referenceFileDatabase: 'sqlite3',
  mysql: 'mysql',
} as const;
export type InstallDatabaseType = (typeof InstallDatabaseType)[keyof typeof InstallDatabaseType];

/** PostgreSQL's `sslmode` values an external server may ask for; empty: the server's default (`prefer`). */
export const INSTALL_SSL_MODES = ['', 'disable', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;
export type InstallSslMode = (typeof INSTALL_SSL_MODES)[number];

/** An external PostgreSQL's address when the installer is given none. */
export const INSTALL_DEFAULT_DB_HOST = '127.0.0.1:5432';

const shortText = (maxLength: number) => Type.String({ maxLength });

export const CheckDatabaseReqSchema = Type.Object(
  {
    db_type: Type.Union(Object.values(InstallDatabaseType).map((value) => Type.Literal(value))),
    db_username: Type.Optional(shortText(255)),
    db_password: Type.Optional(shortText(1024)),
    /** `host` or `host:port`. */
    db_host: Type.Optional(shortText(512)),
    db_name: Type.Optional(shortText(255)),
    db_file: Type.Optional(shortText(1024)),
    ssl_enabled: Type.Optional(Type.Boolean()),
    ssl_mode: Type.Optional(Type.Union(INSTALL_SSL_MODES.map((mode) => Type.Literal(mode)))),
    /** Paths of PEM files on the server. */
    ssl_root_cert: Type.Optional(shortText(1024)),
    ssl_key: Type.Optional(shortText(1024)),
    ssl_cert: Type.Optional(shortText(1024)),
  },
  { additionalProperties: false },
);
export type CheckDatabaseReq = Static<typeof CheckDatabaseReqSchema>;

export const CheckDatabaseRespSchema = Type.Object({ connection_success: Type.Boolean() });
export type CheckDatabaseResp = Static<typeof CheckDatabaseRespSchema>;

export const CheckConfigFileRespSchema = Type.Object({
  config_file_exist: Type.Boolean(),
  db_connection_success: Type.Boolean(),
  db_table_exist: Type.Boolean(),
});
export type CheckConfigFileResp = Static<typeof CheckConfigFileRespSchema>;

/** `init`'s 400 when the config file cannot be written: its content, for the operator to create it by hand. */
export const InitConfigFailedSchema = Type.Object({
  success: Type.Boolean(),
  create_config_failed: Type.Boolean(),
  default_config: Type.String(),
  err_type: Type.String(),
});
export type InitConfigFailed = Static<typeof InitConfigFailedSchema>;

export const EXTERNAL_CONTENT_DISPLAY = ['always_display', 'ask_before_display'] as const;

export const InitBaseInfoReqSchema = Type.Object(
  {
    lang: Type.String({ minLength: 1, maxLength: 30 }),
    site_name: Type.String({ minLength: 1, maxLength: Limits.site.nameMaxLength }),
    site_url: Type.String({ minLength: 1, maxLength: Limits.site.urlMaxLength, format: 'uri' }),
    contact_email: Type.String({ minLength: 1, maxLength: Limits.user.emailMaxLength, format: 'email' }),
    login_required: Type.Optional(Type.Boolean()),
    external_content_display: Type.Union(EXTERNAL_CONTENT_DISPLAY.map((value) => Type.Literal(value))),
    /** The admin's username. */
    name: Type.String({
      minLength: Limits.user.usernameMinLength,
      maxLength: Limits.user.usernameMaxLength,
      pattern: USERNAME_PATTERN,
    }),
    email: Type.String({ minLength: 1, maxLength: Limits.user.emailMaxLength, format: 'email' }),
    password: Type.String({ minLength: Limits.password.minLength, maxLength: Limits.password.maxLength }),
  },
  { additionalProperties: false },
);
export type InitBaseInfoReq = Static<typeof InitBaseInfoReqSchema>;

export const LanguageConfigQuerySchema = Type.Object({ lang: Type.String({ minLength: 1, maxLength: 30 }) });

/** Where the installer's paths live: no `/answer` prefix (reference API conventions). */
export const INSTALLATION_PREFIX = '/installation';
/** The wizard's page; every other page redirects there until Agora is installed. */
export const INSTALL_PAGE = '/install';
