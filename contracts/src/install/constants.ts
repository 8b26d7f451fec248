/** The installer's names and values, without schema code (the `install` micro-frontend imports them). */

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

export const EXTERNAL_CONTENT_DISPLAY = ['always_display', 'ask_before_display'] as const;

/** Where the installer's paths live: no `/answer` prefix (reference API conventions). */
export const INSTALLATION_PREFIX = '/installation';
/** The wizard's page; every other page redirects there until Agora is installed. */
export const INSTALL_PAGE = '/install';
