import { type Kysely, type Migration, sql } from 'kysely';

export const key = '0000_platform_06_captchas';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Captchas and the attempt counters that decide when one is due (security/captcha.ts). Identity
    // created these itself before they moved here; `if not exists` keeps its installations going.
    await sql`
      create table if not exists captchas (
        captcha_id text primary key,
        answer text not null,
        expires_at timestamptz not null
      )`.execute(db);
    await sql`
      create table if not exists action_records (
        unit text not null,
        action text not null,
        hits integer not null,
        last_at timestamptz not null,
        primary key (unit, action)
      )`.execute(db);
  },
};
