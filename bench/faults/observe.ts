/** What the site shows of a fault run's writes, read through a gateway as any reader would. */
import { get } from '../../infra/k6/lib/api.js';
import type { GatewayClient } from './client';
import type { Observed, WriteLedger } from './ledger';

const ANSWERS_READ = 100;

interface Envelope<T> {
  data?: T;
}

async function data<T>(client: GatewayClient, path: ReturnType<typeof get>): Promise<{ status: number; data?: T }> {
  const answer = await client.send(0, path);
  return { status: answer.status, data: (answer.body as Envelope<T> | null)?.data };
}

/** The site's question count (the list's total). */
export async function questionTotal(client: GatewayClient): Promise<number> {
  const list = await data<{ count: number }>(client, get('question/page', { order: 'newest', page: 1, page_size: 1 }));
  if (list.status !== 200 || typeof list.data?.count !== 'number') {
    throw new Error(`Reading the question count failed: HTTP ${list.status}`);
  }
  return list.data.count;
}

export async function observe(client: GatewayClient, ledger: WriteLedger, totalBefore: number): Promise<Observed> {
  const questions: Observed['questions'] = new Map();
  const answerVotes: Observed['answerVotes'] = new Map();
  for (const id of ledger.acknowledged('question')) {
    const info = await data<{ answer_count: number; vote_count: number }>(client, get('question/info', { id }));
    const answers = await data<{ list: Array<{ id: string; vote_count: number }> }>(
      client,
      get('answer/page', { question_id: id, order: 'default', page: 1, page_size: ANSWERS_READ }),
    );
    const list = answers.data?.list ?? [];
    for (const answer of list) answerVotes.set(String(answer.id), Number(answer.vote_count));
    questions.set(id, {
      found: info.status === 200 && info.data !== undefined,
      answerCount: Number(info.data?.answer_count ?? 0),
      voteCount: Number(info.data?.vote_count ?? 0),
      answerIds: list.map((a) => String(a.id)),
    });
  }
  return { questions, answerVotes, questionTotal: { before: totalBefore, after: await questionTotal(client) } };
}
