import { defaultSiteSettings, type SiteSettings } from '@agora/contracts';
import { createTestDatabase } from '@agora/test-support/database';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toActor } from '../src/auth/actor-projection';
import {
  type AuthorCardJson,
  authorCardColumn,
  authorCardOfColumn,
  loadAuthorCards,
  ownAuthorCards,
} from '../src/auth/author-cards';
import { connectDatabase, type ServiceDatabase } from '../src/db/database';
import { migrateService } from '../src/db/migrate';

let drop: () => Promise<void>;
let database: ServiceDatabase;
const settings: SiteSettings = {
  ...defaultSiteSettings(),
  users: { ...defaultSiteSettings().users, default_avatar: 'gravatar' },
};
type ActorRow = Parameters<typeof toActor>[0];

const DAY = 24 * 3600 * 1000;
const members: [string, string, Date | null][] = [
  ['ada', 'normal', null],
  ['bob', 'suspended', new Date(Date.now() + DAY)],
  ['cy', 'suspended', new Date(Date.now() - DAY)],
  ['1001000000000000004711', 'deleted', null],
];

beforeAll(async () => {
  const created = await createTestDatabase('author_cards');
  drop = created.drop;
  database = connectDatabase({ url: created.url, schema: 'cards' });
  await migrateService(database, {});
  for (const [id, status, until] of members) {
    await sql`insert into actors (user_id, username, display_name, email, avatar, role_id, status, mail_status,
                                  suspended_until, rank, language, changed_at)
              values (${id}, ${id}, ${`${id} name`}, ${`${id}@example.com`}, ${JSON.stringify({ type: id === 'ada' ? 'custom' : '', custom: 'https://img/ada.png' })}::jsonb,
                      1, ${status}, 1, ${until}, 42, 'de_DE', now())`.execute(database.db);
  }
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('author cards', () => {
  it('show a member as the session check treats them: suspended while it lasts, normal after', async () => {
    const cards = await loadAuthorCards(database.db, ['ada', 'bob', 'cy', 'gone'], settings);
    expect(cards.get('ada')).toMatchObject({
      username: 'ada',
      display_name: 'ada name',
      avatar: 'https://img/ada.png',
    });
    expect(cards.get('ada')).toMatchObject({ rank: 42, language: 'de_DE', status: 'normal', suspended_until: 0 });
    expect(cards.get('bob')).toMatchObject({ status: 'suspended' });
    expect(cards.get('cy')).toMatchObject({ status: 'normal' });
    expect(cards.get('bob')?.avatar).toMatch(/^https:\/\/.*[0-9a-f]{32}$/);
    expect(cards.get('gone')).toMatchObject({ id: 'gone', status: 'deleted', username: '' });
  });

  it('show a deleted member, and one unknown here, by one rule: a masked id, no username, no avatar', async () => {
    const cards = await loadAuthorCards(database.db, ['1001000000000000004711', '1001000000000000009999'], settings);
    const gone = {
      username: '',
      avatar: '',
      rank: 0,
      status: 'deleted',
      language: '',
      location: '',
      website: '',
      suspended_until: 0,
    };
    expect(cards.get('1001000000000000004711')).toEqual({
      id: '1001000000000000004711',
      display_name: 'user100***711',
      ...gone,
    });
    expect(cards.get('1001000000000000009999')).toEqual({
      id: '1001000000000000009999',
      display_name: 'user100***999',
      ...gone,
    });
    expect(cards.get(null)).toMatchObject({ id: '', display_name: 'user***', status: 'deleted' });
  });

  it("give a member's own card from the session check's row exactly as from the table", async () => {
    const rows = (await sql<ActorRow>`select * from actors`.execute(database.db)).rows;
    const cards = await loadAuthorCards(
      database.db,
      rows.map((r) => r.user_id),
      settings,
    );
    for (const row of rows) {
      expect(ownAuthorCards(toActor(row), settings)?.get(row.user_id), row.user_id).toEqual(cards.get(row.user_id));
    }
  });

  it('read beside a page’s rows give the same cards as loaded apart, a member unknown here deleted', async () => {
    const ids = [...members.map(([id]) => id), '1001000000000000009999'];
    const { rows } = await sql<{ id: string; author: AuthorCardJson | null }>`
      select w.id, ${authorCardColumn('w.id')} as author from unnest(${ids}::text[]) as w(id)`.execute(database.db);
    const cards = await loadAuthorCards(database.db, ids, settings);
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) expect(authorCardOfColumn(row.author, row.id, settings), row.id).toEqual(cards.get(row.id));
  });

  it('give no own card while the session knows only the token (the member is not projected here yet)', () => {
    const fromClaims = { ...toActor({ user_id: 'new' } as ActorRow), username: '' };
    expect(ownAuthorCards(fromClaims, settings)).toBeNull();
  });
});
