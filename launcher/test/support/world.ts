import { Role } from '@agora/contracts';
import { createUser, login, setReputation, type TestUser } from '@agora/test-support/accounts';
import { type Stack, startStack } from '@agora/test-support/stack';
import { ALL_SERVICES } from '../../src/services';
import type { Seeds } from './operations';

const API = '/answer/api/v1';

export interface World {
  stack: Stack;
  services: string[];
  users: { member: TestUser; admin: TestUser; moderator: TestUser; inactive: TestUser; victim: TestUser };
  tokens: { member: string; admin: string; moderator: string; inactive: string };
  seeds: Seeds;
}

async function must(stack: Stack, method: string, url: string, token: string, body?: unknown) {
  const response = await stack.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (response.status !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/**
 * Every service and the gateway as `npm start` composes them, with a member (activated, 100 reputation), an admin, a
 * moderator, a member who has not activated, a user for admin actions to land on, and a question (the
 * admin's, tagged), an answer and a comment (the member's) for ids that exist.
 */
export async function startWorld(): Promise<World> {
  const stack = await startStack({ services: ALL_SERVICES });
  const users = {
    member: await createUser(stack, { name: 'Fuzz Member' }),
    admin: await createUser(stack, { name: 'Fuzz Admin', roleId: Role.admin }),
    moderator: await createUser(stack, { name: 'Fuzz Moderator', roleId: Role.moderator }),
    inactive: await createUser(stack, { name: 'Fuzz Inactive', activated: false }),
    victim: await createUser(stack, { name: 'Fuzz Victim' }),
  };
  // Enough reputation to edit tags (the edit check asks it): a reputation rule must not answer in place of the gate.
  await setReputation(stack, users.member.id, 100);
  await stack.settle();
  const tokens = {
    member: await login(stack, users.member),
    admin: await login(stack, users.admin),
    moderator: await login(stack, users.moderator),
    inactive: await login(stack, users.inactive),
  };
  const tagSlug = 'fuzz-tag';
  const question = await must(stack, 'POST', `${API}/question`, tokens.admin, {
    title: 'A question for the bad-input run',
    content: 'The body of the question for the bad-input run.',
    tags: [{ slug_name: tagSlug, display_name: tagSlug }],
  });
  await stack.settle();
  const answer = await must(stack, 'POST', `${API}/answer`, tokens.member, {
    question_id: question.id,
    content: 'An answer for the bad-input run.',
  });
  const comment = await must(stack, 'POST', `${API}/comment`, tokens.member, {
    object_id: question.id,
    original_text: 'A comment for the bad-input run.',
  });
  const tag = await must(stack, 'GET', `${API}/tag?name=${tagSlug}`, tokens.member);
  // The MCP server on, so that its routes answer for their keys rather than for the switch.
  await must(stack, 'PUT', '/answer/admin/api/mcp-config', tokens.admin, { enabled: true });
  await stack.settle();
  return {
    stack,
    services: ALL_SERVICES.map((s) => s.name),
    users,
    tokens,
    seeds: {
      questionId: question.id,
      answerId: answer.info.id,
      commentId: comment.comment_id,
      tagId: tag.tag_id,
      tagSlug,
      userId: users.victim.id,
      username: users.member.username,
    },
  };
}
