import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the installer writes: the settings `loadConfig` reads back from the file (its keys). */
export interface InstalledSettings {
  /** Absent for the embedded database. */
  databaseUrl?: string;
  siteUrl?: string;
}

export function configContent(settings: InstalledSettings): string {
  return `${JSON.stringify(settings, null, 2)}\n`;
}

/**
 * Why the config file cannot be created where it is to go, or null if it can: its folder is made and a
 * probe file created and removed beside it, so that a later write fails only if the disk changes meanwhile.
 */
export function configFileRefusal(file: string): string | null {
  const probe = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(probe, '', { flag: 'wx', mode: 0o600 });
    rmSync(probe, { force: true });
    return null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
}

/**
 * Creates the config file, never replacing one (`wx`); readable by Agora's user only, since an external
 * database's URL carries its password.
 */
export function writeConfigFile(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
}
