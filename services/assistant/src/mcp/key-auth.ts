import type { ApiKeyScope } from '@agora/contracts';
import { type Actor, type Db, errors, toActor } from '@agora/platform';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { sha256OfKey } from '../domain/api-key/secret';
import { recordKeyUse } from '../queries/api-keys';

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
  const key = keyOf(request);
  // The switch, the key, its owner and its last use in one round trip: this runs on every MCP request.
  const { rows } = await sql<
    Partial<Parameters<typeof toActor>[0]> & {
      mcp_on: boolean;
      key_id: number | null;
      scope: ApiKeyScope | null;
      recently_used: boolean;
    }
  >`
    select coalesce((select enabled from assistant_switches where name = 'mcp'), false) as mcp_on,
           k.key_id, k.scope, a.user_id, a.username, a.display_name, a.email, a.avatar, a.role_id, a.status,
           a.mail_status, a.suspended_until, a.rank, a.language,
           coalesce(u.last_used_at >= now() - interval '1 minute', false) as recently_used
    from (select 1) as one
    left join (api_keys k join actors a on a.user_id = k.user_id) on k.key_sha256 = ${sha256OfKey(key ?? '')} and not k.revoked
    left join api_key_use u on u.key_id = k.key_id`.execute(db);
  const row = rows[0];
  if (!row?.mcp_on) throw errors.forbidden(undefined, 'error.mcp.disabled');
  if (!key || row.key_id === null || row.key_id === undefined || !row.scope) throw errors.unauthorized();
  const owner = toActor(row as Parameters<typeof toActor>[0]);
  if (owner.status !== 'normal') throw errors.unauthorized();
  if (!row.recently_used) await recordKeyUse(db, row.key_id, new Date());
  return { keyId: row.key_id, scope: row.scope, owner };
}
