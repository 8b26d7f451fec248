import { chmod, mkdir, readdir, stat } from 'node:fs/promises';

/** Owner only: an export holds members' e-mail addresses, and with `--with-secrets` their password hashes. */
const PRIVATE = 0o700;

/**
 * Makes the folder an export goes to, or takes an empty one: an export never mixes with other files, nor overwrites
 * an earlier export. Only its owner may enter it. A string says why the folder cannot be used.
 */
export async function prepareExportFolder(folder: string): Promise<string | undefined> {
  const info = await stat(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!info) {
    await mkdir(folder, { recursive: true, mode: PRIVATE });
    await chmod(folder, PRIVATE);
    return undefined;
  }
  if (!info.isDirectory()) return `${folder} is not a folder`;
  if ((await readdir(folder)).length > 0) return `${folder} is not empty: export into a new or empty folder`;
  await chmod(folder, PRIVATE);
  return undefined;
}
