import { createHash } from 'node:crypto';
import { ConnectorLifetimes } from '@agora/contracts';
import type { Db } from '@agora/platform';
import { sql } from 'kysely';
import * as client from 'openid-client';

export interface LoginState {
  connector: string;
  nonce: string;
  code_verifier: string;
  link_user_id: string | null;
}

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A trip to a provider: its state (stored by hash), nonce and PKCE verifier, spent once before it expires.
 * A spent state is deleted, and every new trip deletes the expired ones first, so the table holds only the
 * trips of the last few minutes.
 */
export class LoginStates {
  constructor(private readonly db: Db) {}

  async issue(connector: string, linkUserId: string | null) {
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const expiresAt = new Date(Date.now() + ConnectorLifetimes.loginStateMs).toISOString();
    await sql`delete from connector_states where expires_at <= now()`.execute(this.db);
    await sql`insert into connector_states (state_hash, connector, nonce, code_verifier, link_user_id, expires_at)
              values (${hashOf(state)}, ${connector}, ${nonce}, ${codeVerifier}, ${linkUserId}, ${expiresAt})`.execute(
      this.db,
    );
    return { state, nonce, codeVerifier, codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier) };
  }

  /** Spends a state of this connector; undefined when unknown, spent, expired or another connector's. */
  async consume(connector: string, state: string): Promise<LoginState | undefined> {
    const { rows } = await sql<LoginState>`
      delete from connector_states
      where state_hash = ${hashOf(state)} and connector = ${connector} and expires_at > now()
      returning connector, nonce, code_verifier, link_user_id`.execute(this.db);
    return rows[0];
  }
}
