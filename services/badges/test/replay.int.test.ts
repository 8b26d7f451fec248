/**
 * Replaying the log awards exactly the same badges (issue 19 item 5): a badges service started afresh
 * over the same identity, posts and votes logs awards what the running one did, award for award; and
 * rebuilding the running one's projections and read model from position zero, after a badge was switched
 * off for a while, awards nothing new and takes nothing away.
 */
import { BADGES, Role } from '@agora/contracts';
import {
  createEventBus,
  type EventBus,
  loadConfig,
  type RunningService,
  rebuildInlineReadModel,
  startService,
} from '@agora/platform';
import type { Stack } from '@agora/test-support/stack';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownReadModel } from '../src/projections/awards/read-model';
import { badgesService } from '../src/service';
import {
  ADMIN_API,
  flushViews,
  heldBy,
  type Member,
  member,
  ok,
  react,
  settleAround,
  startBadgesStack,
  thread,
  upVotes,
} from './support/stack';

const idOf = (key: string) => BADGES.find((b) => b.key === key)!.id;
const AWARD_COLUMNS = `award_id, badge_id, user_id, award_key, object_id, object_type, question_id, answer_id, awarded_at`;

let stack: Stack;
let admin: Member;
let bus: EventBus | undefined;
let replay: RunningService | undefined;

const visibleAwards = (schema: string) =>
  stack.query(`select ${AWARD_COLUMNS} from ${schema}.badge_awards where not withdrawn order by award_id`);
const awardEvents = async (schema: string) =>
  (
    await stack.query<{ n: number }>(
      `select count(*)::int as n from ${schema}.events where type = 'badges.badge_awarded'`,
    )
  )[0]!.n;

/** A history that earns every kind of badge the services record, and a member deleted after earning some. */
async function history() {
  const asker = await member(stack, { name: 'Replay Asker' });
  const answerer = await member(stack, { name: 'Replay Answerer' });
  const leaving = await member(stack, { name: 'Replay Leaver' });
  const { question, answer } = (await thread(stack, asker, answerer)) as { question: string; answer: string };
  await upVotes(stack, answer, 10);
  await upVotes(stack, question, 10);
  await ok(stack, 'POST', 'answer/acceptance', asker.token, { question_id: question, answer_id: answer });
  await ok(stack, 'PUT', 'answer', answerer.token, { id: answer, content: 'An answer edited before the replay.' });
  await ok(stack, 'PUT', 'user/info', leaving.token, {
    display_name: 'Replay Leaver',
    username: leaving.username,
    bio: 'Bio.',
  });
  await ok(stack, 'GET', `question/info?id=${question}&share=${asker.username}`, answerer.token);
  await flushViews(stack);
  await react(stack, answerer, { id: question, type: 'question', questionId: question, ownerId: asker.id });
  // An up-vote taken back and cast again: counted once by the tallies, whatever the replay.
  const voter = await member(stack, { name: 'Replay Wavering Voter' });
  await ok(stack, 'POST', 'vote/up', voter.token, { object_id: answer });
  await ok(stack, 'POST', 'vote/up', voter.token, { object_id: answer, is_cancel: true });
  await ok(stack, 'POST', 'vote/up', voter.token, { object_id: answer });
  await settleAround(stack);
  await ok(stack, 'PUT', `${ADMIN_API}/user/status`, admin.token, { user_id: leaving.id, status: 'deleted' });
  await settleAround(stack);
  return { asker, answerer, leaving, question, answer };
}

beforeAll(async () => {
  stack = await startBadgesStack();
  admin = await member(stack, { name: 'Replay Admin', roleId: Role.admin });
  await thread(stack, admin);
});
afterAll(async () => {
  await replay?.close();
  await bus?.close();
  await stack?.close();
});

describe('replaying the log awards exactly the same badges', () => {
  it('a badges service started afresh over the same logs awards the same badges, award for award', async () => {
    const { asker, answerer, leaving } = await history();
    expect(await heldBy(stack, answerer.id)).toEqual(
      ['solved', 'editor', 'nice_answer', 'first_reaction'].map(idOf).sort(),
    );
    expect(await heldBy(stack, asker.id)).toEqual(['scholar', 'first_share', 'nice_question'].map(idOf).sort());
    expect(await heldBy(stack, leaving.id)).toEqual([]);
    const live = await visibleAwards('badges');
    expect(live.length).toBeGreaterThan(25);

    // The same module in a schema of its own: its projections start from position zero of every log.
    const log = pino({ level: 'silent' });
    bus = await createEventBus({ kind: 'postgres', databaseUrl: stack.databaseUrl, log });
    const config = loadConfig({ env: { AGORA_SITE_URL: 'http://agora.test', AGORA_DATA_DIR: stack.dataDir } });
    replay = await startService(
      { ...badgesService, name: 'badges_replay' },
      {
        config,
        databaseUrl: stack.databaseUrl,
        bus,
        log,
        maxConnections: 3,
      },
    );
    await replay.projections.waitForCatchUp(30_000);
    expect(await visibleAwards('badges_replay')).toEqual(live);
  });

  it('rebuilding from position zero after a badge was off for a while awards nothing new and takes nothing away', async () => {
    const editorId = idOf('editor');
    const quiet = await member(stack, { name: 'Replay Quiet Editor' });
    const { question } = await thread(stack, quiet);
    const edit = (n: number) =>
      ok(stack, 'PUT', 'question', quiet.token, {
        id: question,
        title: `A question edited while its badge rested, take ${n}`,
        content: `Edited while the badge was off, take ${n}.`,
        tags: [{ slug_name: 'badges' }],
      });
    const status = (value: string) =>
      ok(stack, 'PUT', `${ADMIN_API}/badge/status`, admin.token, { id: editorId, status: value });
    await status('inactive');
    await edit(1);
    await settleAround(stack);
    await status('active');
    await settleAround(stack);
    // Active now, but the edit happened while it was off: no award, now or after any replay.
    expect(await heldBy(stack, quiet.id)).toEqual([]);

    const before = await visibleAwards('badges');
    const events = await awardEvents('badges');
    const badges = stack.service('badges');
    await rebuildInlineReadModel(badges.context.database, ownReadModel);
    for (const name of ['awards-from-identity', 'awards-from-posts', 'awards-from-votes']) {
      await badges.projections.rebuild(name);
    }
    await settleAround(stack);
    expect(await visibleAwards('badges')).toEqual(before);
    expect(await awardEvents('badges')).toBe(events);
    expect(await heldBy(stack, quiet.id)).toEqual([]);

    // The next edit, with the badge active, earns it.
    await edit(2);
    await settleAround(stack);
    expect(await heldBy(stack, quiet.id)).toEqual([editorId]);
  });
});
