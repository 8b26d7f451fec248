import { type Static, Type } from 'typebox';
import { WrittenText } from '../api/written-text';
import { USERNAME_PATTERN } from '../identity/profile-rules';
import { Limits } from '../limits';
import { EXTERNAL_CONTENT_DISPLAY, INSTALL_SSL_MODES, InstallDatabaseType } from './constants';

/**
 * The installation API's wire shapes (`/installation/*`, reference API group "installation"), shared by the
 * installer that serves them and the `install` micro-frontend that calls them.
 */

const shortText = (maxLength: number) => Type.String({ maxLength });

export const CheckDatabaseReqSchema = Type.Object(
  {
    db_type: Type.Union([
      Type.Literal(InstallDatabaseType.embedded),
      Type.Literal(InstallDatabaseType.postgres),
      Type.Literal(InstallDatabaseType.referenceFileDatabase),
      Type.Literal(InstallDatabaseType.mysql),
    ]),
    db_username: Type.Optional(shortText(255)),
    db_password: Type.Optional(shortText(1024)),
    /** `host` or `host:port`. */
    db_host: Type.Optional(shortText(512)),
    db_name: Type.Optional(shortText(255)),
    db_file: Type.Optional(shortText(1024)),
    ssl_enabled: Type.Optional(Type.Boolean()),
    ssl_mode: Type.Optional(
      Type.Union([
        Type.Literal(INSTALL_SSL_MODES[0]),
        Type.Literal(INSTALL_SSL_MODES[1]),
        Type.Literal(INSTALL_SSL_MODES[2]),
        Type.Literal(INSTALL_SSL_MODES[3]),
        Type.Literal(INSTALL_SSL_MODES[4]),
        Type.Literal(INSTALL_SSL_MODES[5]),
      ]),
    ),
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

export const InitBaseInfoReqSchema = Type.Object(
  {
    lang: Type.String({ minLength: 1, maxLength: 30 }),
    site_name: WrittenText(1, Limits.site.nameMaxLength),
    site_url: Type.String({ minLength: 1, maxLength: Limits.site.urlMaxLength, format: 'uri' }),
    contact_email: Type.String({ minLength: 1, maxLength: Limits.site.contactEmailMaxLength, format: 'email' }),
    login_required: Type.Optional(Type.Boolean()),
    external_content_display: Type.Union([
      Type.Literal(EXTERNAL_CONTENT_DISPLAY[0]),
      Type.Literal(EXTERNAL_CONTENT_DISPLAY[1]),
    ]),
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
