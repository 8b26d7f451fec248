import { ENGLISH_STOP_WORDS } from '../../text/stop-words';

/** How often new writes become searchable: the issue fixes it at one second, and it is set explicitly. */
export const REFRESH_INTERVAL = '1s';

const english = { type: 'text', analyzer: 'agora_english' };
// Chinese, Japanese and Korean runs as overlapping bigrams (no ICU or smartcn plugin is needed); only
// the runs are sent, so text without any costs nothing to analyse twice.
const cjk = { type: 'text', analyzer: 'cjk' };
const date = { type: 'date', format: 'epoch_millis' };

/**
 * The index template every generation of the posts index is made from. English analysis mirrors
 * PostgreSQL's `english` configuration (the same stop words, the Snowball English stemmer), so both
 * adapters find the same documents; one primary shard, a replica wherever a second node exists.
 */
export function postsTemplate(indexPattern: string) {
  return {
    index_patterns: [indexPattern],
    priority: 100,
    template: {
      settings: {
        number_of_shards: 1,
        auto_expand_replicas: '0-1',
        refresh_interval: REFRESH_INTERVAL,
        max_result_window: 10_000,
        analysis: {
          filter: {
            agora_english_possessive: { type: 'stemmer', language: 'possessive_english' },
            agora_english_stop: { type: 'stop', stopwords: ENGLISH_STOP_WORDS },
            agora_english_stemmer: { type: 'snowball', language: 'English' },
          },
          analyzer: {
            agora_english: {
              type: 'custom',
              tokenizer: 'standard',
              filter: ['agora_english_possessive', 'lowercase', 'agora_english_stop', 'agora_english_stemmer'],
            },
          },
        },
      },
      mappings: {
        dynamic: 'strict',
        // Results are shown from the read model: the index keeps the texts only as terms.
        _source: { excludes: ['title', 'title_cjk', 'body', 'body_cjk', 'tag_text'] },
        properties: {
          id: { type: 'keyword' },
          type: { type: 'keyword' },
          question_id: { type: 'keyword' },
          title: english,
          title_cjk: cjk,
          body: english,
          body_cjk: cjk,
          tag_text: english,
          tags: { type: 'keyword' },
          user_id: { type: 'keyword' },
          vote_count: { type: 'integer' },
          answer_count: { type: 'integer' },
          accepted: { type: 'boolean' },
          status: { type: 'keyword' },
          visibility: { type: 'keyword' },
          created_at: date,
          active_at: date,
        },
      },
    },
  };
}
