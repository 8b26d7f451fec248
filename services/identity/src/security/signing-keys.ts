import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { Limits, SIGNING_KEYS_STREAM, SigningKeyPublished } from '@agora/contracts';
import type { HttpApp, KeySource, ServiceContext, TokenClaims } from '@agora/platform';
import { sql } from 'kysely';

const { accessTokenLifetimeSeconds } = Limits.session;
export const ACCESS_TOKEN_LIFETIME_MS = accessTokenLifetimeSeconds * 1000;

interface KeyRow {
  kid: string;
  public_key: string;
  private_key: string;
}

/**
 * Identity's Ed25519 signing key: made on first start, kept in identity's schema, and its public half
 * published as an event so that every service can verify tokens itself.
 */
export class SigningKeys implements KeySource {
  private signer: ((claims: object) => string) | null = null;
  private readonly publicKeys = new Map<string, string>();

  constructor(private readonly context: ServiceContext) {}

  /** Loads (or makes and publishes) the key; tokens are then signed by the app's `@fastify/jwt`. */
  async ensure(app: HttpApp): Promise<void> {
    const { db } = this.context.database;
    const key = await db.transaction().execute(async (tx): Promise<KeyRow> => {
      await sql`select pg_advisory_xact_lock(hashtext('agora:identity:signing-key'))`.execute(tx);
      const { rows } = await sql<KeyRow>`
        select kid, public_key, private_key from signing_keys where private_key is not null
        order by created_at desc limit 1`.execute(tx);
      const [kept] = rows;
      if (kept) return kept;
      const { publicKey, privateKey } = generateKeyPairSync('ed25519');
      const row: KeyRow = {
        kid: randomUUID(),
        public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      };
      await sql`insert into signing_keys (kid, algorithm, public_key, private_key)
                values (${row.kid}, 'EdDSA', ${row.public_key}, ${row.private_key})`.execute(tx);
      await this.context.store.append(
        SIGNING_KEYS_STREAM,
        'any',
        [{ type: SigningKeyPublished.type, data: { kid: row.kid, algorithm: 'EdDSA', public_key: row.public_key } }],
        {},
        tx,
      );
      return row;
    });
    this.publicKeys.set(key.kid, key.public_key);
    this.signer = (claims) =>
      app.jwt.sign(
        claims as Record<string, unknown>,
        {
          key: key.private_key,
          algorithm: 'EdDSA',
          kid: key.kid,
          // @fastify/jwt reads a number as seconds.
          expiresIn: accessTokenLifetimeSeconds,
        } as never,
      );
  }

  sign(claims: Omit<TokenClaims, 't'>): string {
    if (!this.signer) throw new Error('signing key not loaded');
    return this.signer({ ...claims, t: Date.now() });
  }

  async publicKey(kid: string): Promise<string | undefined> {
    const known = this.publicKeys.get(kid);
    if (known) return known;
    const { rows } = await sql<{ public_key: string }>`select public_key from signing_keys where kid = ${kid}`.execute(
      this.context.database.db,
    );
    if (rows[0]) this.publicKeys.set(kid, rows[0].public_key);
    return rows[0]?.public_key;
  }

  /** The public keys as a JWK set, for the gateway. */
  async jwks(): Promise<{ kid: string; public_key: string }[]> {
    const { rows } = await sql<{ kid: string; public_key: string }>`
      select kid, public_key from signing_keys order by created_at`.execute(this.context.database.db);
    return rows;
  }
}
