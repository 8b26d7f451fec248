import { existsSync } from 'node:fs';
import { errors, type ServiceContext } from '@agora/platform';
import { sql } from 'kysely';
import type { Installation } from './installation';

/** The installation API of a site already installed: it reports the installation and refuses another. */
export function installedSite(context: ServiceContext): Installation {
  const refuse = () => {
    const file = context.config.configFile;
    return file && existsSync(file)
      ? errors.business('error.install.config_file_exists', 'error.install.config_file_exists', 'alert', { file })
      : errors.business('error.install.already_installed', 'error.install.already_installed', 'alert');
  };
  return {
    async checkConfigFile() {
      const file = context.config.configFile;
      await sql`select 1`.execute(context.database.db);
      return {
        config_file_exist: Boolean(file && existsSync(file)),
        db_connection_success: true,
        db_table_exist: true,
      };
    },
    // No connection attempts to servers a visitor names once installed: the check belongs to the install.
    async checkDatabase() {
      throw refuse();
    },
    async init() {
      throw refuse();
    },
    async baseInfo() {
      throw refuse();
    },
  };
}
