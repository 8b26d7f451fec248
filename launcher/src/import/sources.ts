import { createAnswerSource } from './answer/source';
import type { ImportSource } from './source';
import { createStackExchangeSource } from './stackexchange/stackexchange-source';

/** What the operator asked to import, as `import-command` parsed it. */
export type SourceRequest =
  | { kind: 'answer'; from: string; uploads?: string }
  | { kind: 'stackexchange'; folder: string };

/** The reader of a request's source; a dump's staging tables go in the site's own database. */
export function sourceFor(request: SourceRequest, where: { databaseUrl: string }): ImportSource {
  if (request.kind === 'answer') return createAnswerSource({ from: request.from, uploads: request.uploads });
  return createStackExchangeSource(request.folder, { database: where.databaseUrl });
}
