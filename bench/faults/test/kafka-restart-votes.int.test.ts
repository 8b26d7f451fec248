/**
 * While the Kafka broker restarts, an up-vote on an answer that exists is never a 404 "does not exist"
 * (docs/adr/0092-ready-when-caught-up.md): a service that cannot know an object yet answers a retryable 503, and a
 * write cut off by the fault is settled by retrying it with its Idempotency-Key (docs/adr/0093-idempotent-writes.md),
 * so every vote ends up counted exactly once. Answers written while the broker is down are committed but not yet
 * published when it returns: votes sent at that moment once found votes "caught up" with the topics' ends and
 * answered 404 for every one of them (24 of 24 with the rule of ADR 0092 switched off). The broker is the test's own (bench/faults/own-infra.ts, Kafka
 * alone), so stopping it breaks no other test. In test:full only (it needs the downloaded Kafka).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Idempotency, Role } from '@agora/contracts';
import { identityService } from '@agora/identity';
import { postsService } from '@agora/posts';
import { siteService } from '@agora/site';
import { setReputation } from '@agora/test-support/accounts';
import { fullSuite } from '@agora/test-support/database';
import { eventually } from '@agora/test-support/eventually';
import { type OwnPostgres, startOwnPostgres } from '@agora/test-support/own-postgres';
import { type Stack, startStack } from '@agora/test-support/stack';
import { votesService } from '@agora/votes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, member, ok } from '../../../services/votes/test/support/stack';
import { OwnInfra } from '../own-infra';

const KAFKA_PORT = 29_492;

interface Vote {
  voter: string;
  answer: string;
  key: string;
  statuses: number[];
}

describe.skipIf(!fullSuite)('votes while the Kafka broker restarts (issue 45 item 8)', () => {
  let dir: string;
  let infra: OwnInfra;
  let stack: Stack;
  let server: OwnPostgres;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'agora-kafka-restart-'));
    infra = new OwnInfra({ dir, kafkaPort: KAFKA_PORT, opensearchPort: KAFKA_PORT + 2, parts: ['kafka'] });
    // A PostgreSQL server of its own too: another test file's long transaction on the shared one would hold this
    // stack's settling (a consumer's fence is the server's oldest running transaction).
    [server] = await Promise.all([startOwnPostgres({ outageMs: 1000 }), infra.up()]);
    stack = await startStack({
      services: [siteService, identityService, postsService, votesService],
      kafkaBrokers: infra.kafkaBrokers,
      database: server.database,
    });
  }, 240_000);

  afterAll(async () => {
    await stack?.close();
    await server?.close();
    infra?.down();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers each vote 200 or a retryable 503, never 404, and counts each acknowledged vote once', async () => {
    const asker = await member(stack, { roleId: Role.moderator });
    const answerer = await member(stack);
    const voters = [await member(stack), await member(stack), await member(stack)];
    for (const voter of voters) await setReputation(stack, voter.id, 200);
    // A member answers a question once: each round asks one of these, answered before the fault.
    const questions: string[] = [];
    for (let i = 0; i < 8; i++) {
      const question = await ok(stack, 'POST', 'question', asker.token, {
        title: `Votes across a broker restart ${i} ${randomUUID().slice(0, 8)}`,
        content: 'Does a vote on a new answer survive the broker going away for a moment?',
        tags: [{ slug_name: 'votes' }],
      });
      questions.push(question.id);
    }
    await stack.settle();

    const votes: Vote[] = [];
    const vote = async (voter: { id: string; token: string }, answer: string, key: string = randomUUID()) => {
      const response = await stack.call('POST', `${API}/vote/up`, {
        token: voter.token,
        body: { object_id: answer, is_cancel: false },
        headers: { [Idempotency.header]: key },
      });
      return { status: response.status, key };
    };
    const answer = async (question: string) => {
      const response = await stack.call('POST', `${API}/answer`, {
        token: answerer.token,
        body: { question_id: question, content: 'An answer written while the broker is away.' },
        headers: { [Idempotency.header]: randomUUID() },
      });
      expect([200, 503], JSON.stringify(response.body)).toContain(response.status);
      return response.status === 200 ? (response.body.data.info.id as string) : undefined;
    };

    // Answers written while the broker is down are committed but cannot be published yet; votes on them are
    // sent the moment the broker is back, before their events have all reached votes.
    await infra.stop('kafka');
    const written = await Promise.all(questions.map(answer));
    const answers = written.filter((id): id is string => id !== undefined);
    await infra.up();
    await Promise.all(
      answers.flatMap((answerId) =>
        voters.map(async (voter) => {
          const { status, key } = await vote(voter, answerId);
          votes.push({ voter: voter.id, answer: answerId, key, statuses: [status] });
        }),
      ),
    );

    const seen = votes.flatMap((v) => v.statuses);
    expect(seen, 'no vote on an existing answer is "does not exist"').not.toContain(404);
    expect(seen.every((status) => status === 200 || status === 503)).toBe(true);
    expect(answers.length).toBeGreaterThan(3);

    // Once the broker is back, each vote that was cut off is sent again with its key until its outcome is known.
    const byId = new Map(voters.map((voter) => [voter.id, voter]));
    for (const v of votes.filter((each) => each.statuses[0] !== 200)) {
      await eventually(
        async () => {
          const { status } = await vote(byId.get(v.voter)!, v.answer, v.key);
          v.statuses.push(status);
          return status === 200;
        },
        60_000,
        500,
      );
    }
    expect(votes.flatMap((v) => v.statuses)).not.toContain(404);

    // Every vote counted exactly once on its answer.
    const expected = new Map<string, number>();
    for (const v of votes) expected.set(v.answer, (expected.get(v.answer) ?? 0) + 1);
    const counted = async () => {
      await stack.settle();
      const rows = await stack.query<{ id: string; vote_count: number }>(
        'select id, vote_count from posts.answers where id = any($1)',
        [[...expected.keys()]],
      );
      return new Map(rows.map((row) => [row.id, row.vote_count]));
    };
    const matches = async () => {
      const now = await counted();
      return [...expected].every(([answer, count]) => now.get(answer) === count);
    };
    await eventually(matches, 60_000, 500).catch(() => undefined);
    expect(Object.fromEntries(await counted())).toEqual(Object.fromEntries(expected));
  }, 300_000);
});
