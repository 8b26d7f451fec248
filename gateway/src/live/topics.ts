import { Live, LiveTopic } from '@agora/contracts';

/** A question's id as a topic may name it (ids are digits; an imported site's keep their source's). */
const QUESTION_ID = /^[0-9A-Za-z_-]{1,64}$/;
const NAMED = new Set<string>([LiveTopic.questions, LiveTopic.me, LiveTopic.review, LiveTopic.dashboard]);

/** The topics a stream asks for, as the query names them. */
export interface AskedTopics {
  /** Every topic, in the order asked. */
  all: string[];
  named: string[];
  questions: string[];
}

/** `topics=a,b,c` read: the topics in order, each once, or the message key of what is wrong with them. */
export function parseTopics(text: string): AskedTopics | { problem: string } {
  const asked = [...new Set(text.split(',').map((t) => t.trim()))].filter((t) => t.length > 0);
  if (asked.length === 0) return { problem: 'validation.required' };
  if (asked.length > Live.maxTopics) return { problem: 'validation.invalid' };
  const topics: AskedTopics = { all: asked, named: [], questions: [] };
  for (const topic of asked) {
    if (NAMED.has(topic)) topics.named.push(topic);
    else if (topic.startsWith(LiveTopic.questionPrefix)) {
      const id = topic.slice(LiveTopic.questionPrefix.length);
      if (!QUESTION_ID.test(id)) return { problem: 'validation.invalid' };
      topics.questions.push(id);
    } else return { problem: 'validation.invalid' };
  }
  return topics;
}
