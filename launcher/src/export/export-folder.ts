import { mkdir, readdir, stat } from 'node:fs/promises';

/**
 * Makes the folder an export goes to, or takes an empty one: an export never mixes with other files, nor overwrites
 * an earlier export. A string says why the folder cannot be used.
 */
export async function prepareExportFolder(folder: string): Promise<string | undefined> {
  const info = await stat(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!info) {
    await mkdir(folder, { recursive: true });
    return undefined;
  }
  if (!info.isDirectory()) return `${folder} is not a folder`;
  if ((await readdir(folder)).length > 0) return `${folder} is not empty: export into a new or empty folder`;
  return undefined;
}
