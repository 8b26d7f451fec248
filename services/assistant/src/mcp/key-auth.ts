import type { ApiKeyScope } from '@agora/contracts';
import { type Actor, type Db, errors, toActor } from '@agora/platform';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { sha256OfKey } from '../domain/api-key/secret';
import { mcpEnabled, recordKeyUse } from '../queries/api-keys';

export interface KeyCaller {
  keyId: number;
  scope: ApiKeyScope;
  owner: Actor;
}

/** The key a request brings: the `Authorization` header (raw, as the reference's MCP settings give it, or `Bearer `). */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const key = header.startsWith('Bearer ') ? header.slice(7) : header;
  return key.trim() || undefined;
}

/**
 * The caller of an MCP request, checked on every request against the database (so a revoked key, or a key whose
 * owner was suspended or deleted, is refused from the next request on, on every replica): 403 while the MCP
 * server is off, 401 for a missing, unknown or revoked key. A use is recorded at most once a minute.
 */
export async function keyCaller(db: Db, request: FastifyRequest): Promise<KeyCaller> {
  if (!(await mcpEnabled(db))) throw errors.forbidden(undefined, 'error.mcp.disabled');
  const key = keyOf(request);
  if (!key) throw errors.unauthorized();
  const { rows } = await sql<Parameters<typeof toActor>[0] & { key_id: number; scope: ApiKeyScope }>`
    select k.key_id, k.scope, a.user_id, a.username, a.display_name, a.email, a.avatar, a.role_id, a.status,
           a.mail_status, a.suspended_until, a.rank, a.language
    from api_keys k join actors a on a.user_id = k.user_id
    where k.key_sha256 = ${sha256OfKey(key)} and not k.revoked`.execute(db);
  const row = rows[0];
  const owner = row ? toActor(row) : null;
  if (!row || !owner || owner.status !== 'normal') throw errors.unauthorized();
  await recordKeyUse(db, row.key_id, new Date());
  return { keyId: row.key_id, scope: row.scope, owner };
}
