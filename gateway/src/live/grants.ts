import { LiveTopic, Role } from '@agora/contracts';
import { errors } from '@agora/platform';
import type { LiveAccess, LiveMember } from './access';
import { memberTopic, questionTopic } from './event-messages';
import type { AskedTopics } from './topics';

/** Who opens a stream: their token, and its member and session when it is a valid one. */
export interface LiveCaller {
  token: string | undefined;
  userId: string | null;
  sessionId: string | null;
  requestId: string;
}

export interface Grants {
  /** The hub's topics the stream follows. */
  topics: Set<string>;
  /** As the stream names them: granted and refused. */
  granted: string[];
  refused: string[];
}

const MEMBER_TOPICS = new Set<string>([LiveTopic.me, LiveTopic.review, LiveTopic.dashboard]);

function namedTopic(topic: string, member: LiveMember | null): string | null {
  if (topic === LiveTopic.questions) return topic;
  if (!member) return null;
  if (topic === LiveTopic.me) return memberTopic(member.id);
  const staff = member.roleId === Role.admin || member.roleId === Role.moderator;
  if (topic === LiveTopic.review && staff) return topic;
  if (topic === LiveTopic.dashboard && member.roleId === Role.admin) return topic;
  return null;
}

/**
 * What a caller may follow, as the API decides (docs/adr/0099-live-pages.md): a question when `question/info` shows
 * it to them; `me` a signed-in member (their own counts only); `review` a moderator or admin; `dashboard` an admin;
 * `questions` anyone the site lets in. A token that no longer stands, or a suspended member, opens no stream.
 */
export async function grantTopics(asked: AskedTopics, caller: LiveCaller, access: LiveAccess): Promise<Grants> {
  const needsMember = caller.userId !== null && asked.named.some((topic) => MEMBER_TOPICS.has(topic));
  const [member, visible] = await Promise.all([
    needsMember ? access.member(caller.token, caller.requestId) : Promise.resolve(null),
    Promise.all(asked.questions.map((id) => access.question(id, caller.token, caller.requestId))),
  ]);
  if (needsMember && !member) throw errors.unauthorized();
  if (member && member.status !== 'normal')
    throw errors.forbidden(member.status === 'suspended' ? 'suspended' : undefined);
  const grants: Grants = { topics: new Set(), granted: [], refused: [] };
  for (const topic of asked.named) {
    const granted = namedTopic(topic, member);
    if (granted) {
      grants.topics.add(granted);
      grants.granted.push(topic);
    } else grants.refused.push(topic);
  }
  asked.questions.forEach((id, i) => {
    const topic = questionTopic(id);
    if (visible[i]) {
      grants.topics.add(topic);
      grants.granted.push(topic);
    } else grants.refused.push(topic);
  });
  const asAsked = (a: string, b: string) => asked.all.indexOf(a) - asked.all.indexOf(b);
  grants.granted.sort(asAsked);
  grants.refused.sort(asAsked);
  return grants;
}
