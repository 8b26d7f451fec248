import { createAgoraExportSource, exportUploadsOf } from './agora-export/agora-export-source';
import { isAgoraExport } from './agora-export/export-manifest';
import { createAnswerSource } from './answer/source';
import type { ImportSource } from './source';
import { createStackExchangeSource } from './stackexchange/stackexchange-source';

/** What the operator asked to import, as `import-command` parsed it. */
export type SourceRequest =
  | { kind: 'answer'; from: string; uploads?: string }
  | { kind: 'stackexchange'; folder: string };

/**
 * The reader of a request's source; a dump's staging tables go in the site's own database. A Stack Exchange folder
 * that is an Agora export (`agora/manifest.json`) is read from its side files, which hold everything
 * (docs/adr/0094-importing-a-community.md, "Export").
 */
export function sourceFor(request: SourceRequest, where: { databaseUrl: string }): ImportSource {
  if (request.kind === 'answer') return createAnswerSource({ from: request.from, uploads: request.uploads });
  if (isAgoraExport(request.folder)) return createAgoraExportSource(request.folder);
  return createStackExchangeSource(request.folder, { database: where.databaseUrl });
}

/** Where a request's uploaded files are copied from: the operator's `--uploads`, or an Agora export's own. */
export function uploadsFor(request: SourceRequest): string | undefined {
  if (request.kind === 'answer') return request.uploads;
  return isAgoraExport(request.folder) ? exportUploadsOf(request.folder) : undefined;
}
