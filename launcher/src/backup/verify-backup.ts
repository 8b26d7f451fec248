import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { ServiceModule } from '@agora/platform';
import { platformMigrations } from '@agora/platform/migrations/index';
import { ProgressBar } from '../progress-bar';
import { ALL_SERVICES } from '../services';
import { readArchive } from './archive';
import { type BackupManifest, MANIFEST_ENTRY, parseManifest, UPLOADS_PREFIX } from './manifest';
import { roleOf } from './plan';
import { isStorageKey } from './uploaded-files';

/** A backup file that cannot be restored, with the reason as a sentence for the operator. */
export class BackupInvalid extends Error {
  override name = 'BackupInvalid';
}

async function sha256Of(content: AsyncIterable<Buffer>): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of content) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

async function textOf(content: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** What the archive holds, read whole: each table entry's checksum, the uploads, and the manifest last. */
async function readWhole(file: string, progress?: NodeJS.WriteStream) {
  const { size } = await stat(file);
  const bar = new ProgressBar('verify', progress);
  const tables = new Map<string, { sha256: string; bytes: number }>();
  const uploads = { files: 0, bytes: 0 };
  let manifestText: string | null = null;
  try {
    for await (const entry of readArchive(file, (bytes) => bar.update(bytes, size))) {
      if (manifestText !== null) throw new BackupInvalid(`it holds ${entry.name} after its manifest`);
      if (entry.name === MANIFEST_ENTRY) manifestText = await textOf(entry.content);
      else if (entry.name.startsWith('db/')) tables.set(entry.name, await sha256Of(entry.content));
      else if (entry.name.startsWith(UPLOADS_PREFIX)) {
        const key = entry.name.slice(UPLOADS_PREFIX.length);
        if (!isStorageKey(key)) throw new BackupInvalid(`it holds an upload that is not a stored file: ${entry.name}`);
        // A stored file's key is the sha256 of its bytes: the checksum is its name.
        const { sha256, bytes } = await sha256Of(entry.content);
        if (!key.startsWith(sha256)) throw new BackupInvalid(`the uploaded file ${key} is damaged`);
        uploads.files += 1;
        uploads.bytes += bytes;
      } else throw new BackupInvalid(`it holds ${entry.name}, which no backup has`);
    }
  } catch (error) {
    if (error instanceof BackupInvalid) throw error;
    throw new BackupInvalid(`it cannot be read as an archive (${(error as Error).message}): damaged or cut short`);
  }
  bar.update(size, size);
  bar.finish();
  return { tables, uploads, manifestText };
}

/** The migrations this code knows for a service: a backup that has run another cannot be restored by it. */
const knownMigrations = (module: ServiceModule) =>
  new Set([...Object.keys(platformMigrations), ...Object.keys(module.migrations)]);

/**
 * Reads the whole backup before anything is written (docs/adr/0101-backup-and-restore.md): the archive must be whole
 * (its manifest last), every table entry must have the checksum and size the manifest gives, every upload the hash its
 * name gives, and this Agora must know every service and migration the backup's site had run. Throws BackupInvalid.
 */
export async function verifyBackup(
  file: string,
  options: { modules?: readonly ServiceModule[]; progress?: NodeJS.WriteStream } = {},
): Promise<BackupManifest> {
  const { tables, uploads, manifestText } = await readWhole(file, options.progress);
  if (manifestText === null) throw new BackupInvalid('it ends before its manifest: the backup was cut short');
  const manifest = parseManifest(manifestText);
  if (typeof manifest === 'string') throw new BackupInvalid(manifest);

  const listed = new Set<string>();
  const modules = options.modules ?? ALL_SERVICES;
  for (const service of manifest.services) {
    const module = modules.find((m) => m.name === service.name);
    if (!module) throw new BackupInvalid(`it holds the service ${service.name}, which this Agora does not have`);
    const known = knownMigrations(module);
    const unknown = service.migrations.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw new BackupInvalid(
        `it was made by a newer Agora (${service.name} had run ${unknown.join(', ')}): restore it with that version or a later one`,
      );
    }
    for (const table of service.tables) {
      const role = roleOf(service.name, table.name);
      if (role !== 'log' && role !== 'state') {
        throw new BackupInvalid(`it holds ${service.name}.${table.name}, which this Agora does not restore`);
      }
      const found = tables.get(table.entry);
      if (!found) throw new BackupInvalid(`${table.entry} is missing from it`);
      if (found.sha256 !== table.sha256 || found.bytes !== table.bytes) {
        throw new BackupInvalid(`${table.entry} is damaged (its checksum is not the manifest's)`);
      }
      listed.add(table.entry);
    }
  }
  const unlisted = [...tables.keys()].filter((entry) => !listed.has(entry));
  if (unlisted.length > 0) throw new BackupInvalid(`it holds ${unlisted[0]}, which its manifest does not list`);
  if (uploads.files !== manifest.uploads.files || uploads.bytes !== manifest.uploads.bytes) {
    throw new BackupInvalid(
      `it holds ${uploads.files} uploaded files where its manifest says ${manifest.uploads.files}`,
    );
  }
  return manifest;
}
