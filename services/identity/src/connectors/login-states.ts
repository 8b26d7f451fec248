import { createHash } from 'node:crypto';
import { ConnectorLifetimes } from '@agora/contracts';
import type { Db } from '@agora/platform';
import { sql } from 'kysely';
import * as client from 'openid-client';
import { newBrowserProof } from './trip-cookies';

export interface LoginState {
  connector: string;
  nonce: string;
  code_verifier: string;
  link_user_id: string | null;
}

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A trip to a provider: its state (stored by hash), nonce and PKCE verifier, spent once before it expires, and
 * only by the browser that started it, which holds the proof whose hash the row keeps
 * (docs/adr/0089-login-state-bound-to-the-browser.md). A spent state is deleted, and every new trip deletes the
 * expired ones first, so the table holds only the trips of the last few minutes.
 */
export class LoginStates {
  constructor(private readonly db: Db) {}

  async issue(connector: string, linkUserId: string | null) {
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const browserProof = newBrowserProof();
    const expiresAt = new Date(Date.now() + ConnectorLifetimes.loginStateMs).toISOString();
    await sql`delete from connector_states where expires_at <= now()`.execute(this.db);
    await sql`insert into connector_states (state_hash, connector, nonce, code_verifier, link_user_id, browser_hash,
                                            expires_at)
              values (${hashOf(state)}, ${connector}, ${nonce}, ${codeVerifier}, ${linkUserId},
                      ${hashOf(browserProof)}, ${expiresAt})`.execute(this.db);
    return {
      state,
      nonce,
      codeVerifier,
      codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
      browserProof,
    };
  }

  /**
   * Spends a state of this connector in the browser that proves it started the trip; undefined when unknown,
   * spent, expired, another connector's, or the proof is not the trip's. A wrong proof leaves the state as it was,
   * for the browser that holds the right one. The proof is compared by its SHA-256, in the statement that spends
   * the state, so that a state is spent once even by two answers at the same time.
   */
  async consume(connector: string, state: string, browserProof: string): Promise<LoginState | undefined> {
    const { rows } = await sql<LoginState>`
      delete from connector_states
      where state_hash = ${hashOf(state)} and connector = ${connector} and browser_hash = ${hashOf(browserProof)}
        and expires_at > now()
      returning connector, nonce, code_verifier, link_user_id`.execute(this.db);
    return rows[0];
  }
}
