import type { IndexDocument, IndexQuery } from '../../src/search-index/port';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const minutes = (n: number) => new Date(T0 + n * 60_000);

export const USERS = { ada: 'user-ada', bo: 'user-bo', chen: 'user-chen' };

let version = 0;
/** A document with defaults; versions grow with every call, as the read model's change numbers do. */
export function doc(partial: Partial<IndexDocument> & Pick<IndexDocument, 'id'>): IndexDocument {
  version += 1;
  return {
    type: 'question',
    questionId: partial.id,
    title: '',
    body: '',
    tags: [],
    tagText: '',
    userId: USERS.ada,
    voteCount: 0,
    answerCount: 0,
    accepted: false,
    status: 'available',
    visibility: 'public',
    createdAt: minutes(0),
    activeAt: minutes(0),
    version,
    ...partial,
  };
}

const question = (
  id: string,
  fields: Partial<IndexDocument> & { title: string; body: string; tags: string[]; at: number },
): IndexDocument => {
  const { at, ...rest } = fields;
  return doc({ id, tagText: fields.tags.join(' '), createdAt: minutes(at), activeAt: minutes(at), ...rest });
};

const answer = (id: string, questionId: string, fields: Partial<IndexDocument> & { body: string; at: number }) => {
  const { at, ...rest } = fields;
  return doc({ id, type: 'answer', questionId, createdAt: minutes(at), activeAt: minutes(at), ...rest });
};

/** A small site: English and Chinese questions, answers, tags with punctuation, a hidden and a deleted post. */
export function corpus(): IndexDocument[] {
  return [
    question('q1', {
      title: 'How do I read my own writes in an event-sourced system?',
      body: 'I append an event and then query the read model immediately, but the row is missing.',
      tags: ['event-sourcing', 'postgresql'],
      voteCount: 5,
      answerCount: 2,
      accepted: true,
      at: 1,
      activeAt: minutes(50),
    }),
    question('q2', {
      title: 'Kafka consumer lag keeps growing',
      body: 'My consumer group rebalances every few minutes and the lag never shrinks.',
      tags: ['kafka'],
      userId: USERS.bo,
      at: 2,
    }),
    question('q3', {
      title: 'Index a jsonb column',
      body: 'Queries that filter on offsets stored by kafka are slow in PostgreSQL.',
      tags: ['postgresql', 'indexing'],
      voteCount: 2,
      answerCount: 1,
      at: 3,
      activeAt: minutes(40),
    }),
    question('q4', {
      title: '如何使用问题回答社区',
      body: '我们的问答社区使用 Kafka 处理事件。',
      tags: ['kafka'],
      userId: USERS.chen,
      voteCount: 1,
      at: 4,
    }),
    question('q5', {
      title: 'Templates in C++ and generics in C#',
      body: 'Coming from Node.js, I wonder how templates compare with generics.',
      tags: ['c++', 'c#', 'node.js', 'vue-js'],
      userId: USERS.bo,
      voteCount: -1,
      at: 5,
    }),
    answer('a1', 'q1', {
      body: 'Use an inline projection, so the command writes the read model in the same transaction.',
      tags: ['event-sourcing', 'postgresql'],
      userId: USERS.bo,
      voteCount: 3,
      accepted: true,
      answerCount: 2,
      at: 6,
    }),
    answer('a2', 'q1', {
      body: 'Wait for the checkpoint of the projection before reading.',
      tags: ['event-sourcing', 'postgresql'],
      userId: USERS.chen,
      voteCount: -1,
      answerCount: 2,
      at: 7,
    }),
    answer('a3', 'q3', {
      body: 'A GIN index on the jsonb column helps; partitions of kafka topics do not matter here.',
      tags: ['postgresql', 'indexing'],
      answerCount: 1,
      at: 8,
    }),
    question('q6', {
      title: 'Secret kafka migration plan',
      body: 'Hidden by a moderator.',
      tags: ['kafka'],
      visibility: 'staff',
      at: 9,
    }),
    question('q7', {
      title: 'Deleted kafka question',
      body: 'Nobody should find this.',
      tags: ['kafka'],
      status: 'deleted',
      visibility: 'none',
      at: 10,
    }),
  ];
}

/** A query for everything public, newest first, first page of 50; `over` changes what a test needs. */
export function query(over: Partial<IndexQuery> = {}): IndexQuery {
  return {
    words: [],
    phrases: [],
    tagGroups: [],
    userIds: null,
    types: ['question', 'answer'],
    answers: null,
    score: null,
    visibility: ['public'],
    order: 'newest',
    offset: 0,
    limit: 50,
    ...over,
  };
}
