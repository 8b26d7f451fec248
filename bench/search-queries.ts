import { SearchLimits } from '@agora/contracts';
import { draftQuestion } from '../scripts/seed/generate';
import { Random } from '../scripts/seed/random';

export type QueryKind =
  | 'words'
  | 'two_words'
  | 'tag_words'
  | 'phrase'
  | 'answers_by_score'
  | 'user'
  | 'unanswered_tag'
  | 'score_active'
  | 'chinese'
  | 'tag_only';

/** The search bench's mix of query kinds, by weight. */
export const QUERY_MIX: [QueryKind, number][] = [
  ['words', 30],
  ['two_words', 15],
  ['tag_words', 10],
  ['phrase', 10],
  ['answers_by_score', 10],
  ['user', 5],
  ['unanswered_tag', 5],
  ['score_active', 5],
  ['chinese', 5],
  ['tag_only', 5],
];

/**
 * `GET search` URLs as people type queries: words and phrases taken from random questions' titles
 * (of the seed generator's corpus), with operators.
 */
export function benchQueries(options: {
  count: number;
  seed: number;
  questions: number;
  users: number;
  username: (u: number) => string;
  api: string;
}): { kind: QueryKind; url: string }[] {
  const r = new Random(options.seed, 7);
  const total = QUERY_MIX.reduce((s, [, w]) => s + w, 0);
  const list: { kind: QueryKind; url: string }[] = [];
  const words = (title: string) =>
    title
      .toLowerCase()
      .split(/[^a-z0-9.+#]+/)
      .filter((w) => w.length > 3);
  while (list.length < options.count) {
    const pick = r.next() * total;
    let sum = 0;
    const [kind] =
      QUERY_MIX.find(([, w]) => {
        sum += w;
        return pick < sum;
      }) ?? [];
    if (!kind) continue; // `pick` is below the total, so one kind is always found
    const i = r.int(0, options.questions - 1);
    const draft = draftQuestion(options.seed, i);
    const ws = words(draft.title);
    const w = r.pick(ws.length ? ws : ['postgresql']);
    const tag = `[${r.pick(draft.tags)}]`;
    const at = r.int(0, Math.max(0, ws.length - 2));
    const q = {
      words: { q: w, order: 'relevance' },
      two_words: { q: `${w} ${r.pick(ws.length ? ws : ['index'])}`, order: 'relevance' },
      tag_words: { q: `${tag} ${w}`, order: 'newest' },
      phrase: { q: `"${ws.slice(at, at + 2).join(' ')}"`, order: 'relevance' },
      answers_by_score: { q: `${w} is:answer`, order: 'score' },
      user: { q: `user:${options.username(r.skewed(options.users))} ${w}`, order: 'relevance' },
      unanswered_tag: { q: `answers:0 ${tag}`, order: 'newest' },
      score_active: { q: `score:3 ${w}`, order: 'active' },
      chinese: { q: r.pick(['数据库', '消息队列', '中文分词', '网络问题', '服务变慢']), order: 'relevance' },
      tag_only: { q: tag, order: 'active' },
    }[kind];
    const params = new URLSearchParams({
      q: q.q.slice(0, SearchLimits.queryMaxLength),
      order: q.order,
      page: '1',
      size: '20',
    });
    list.push({ kind, url: `${options.api}/search?${params}` });
  }
  return list;
}
