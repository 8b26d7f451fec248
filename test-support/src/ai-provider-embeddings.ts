/**
 * Deterministic embeddings for the test AI provider: close enough to meaning that a semantic search can be tested
 * without a model. A text is cut into words (runs of letters and digits; a run of Chinese characters is cut into
 * the longest words of the concept table, else single characters), lower-cased, stop words dropped, each word
 * stemmed crudely and looked up in the concept table: words of one group share a concept, any other word is a
 * concept of its own (its stem). Each concept adds ±1 on a few dimensions chosen by a hash of its name; the sum is
 * L2-normalised. So "automobile" and "cars" land on the same vector, "banana" on one unrelated to both.
 */

export const DEFAULT_EMBEDDING_DIMENSIONS = 128;

/** Dimensions each concept adds to; more spread makes chance overlaps between unrelated concepts rarer. */
const DIMENSIONS_PER_CONCEPT = 3;

/**
 * The built-in synonym table: each group is one concept, named by its first word. A text's word is looked up as
 * written, then as its crude stems (plurals, -ing, -ed, -ly, -ation off), so the table holds base forms and only the
 * inflections the stemmer misses. Tests add their own groups with `concepts`.
 */
export const BUILTIN_CONCEPTS: readonly (readonly string[])[] = [
  ['car', 'automobile', 'vehicle', 'auto', 'sedan', 'truck', 'motorcar', '汽车', '车辆', '轿车'],
  ['fast', 'quick', 'speed', 'rapid', 'swift', 'speedy', 'faster', 'quicker', '快', '快速', '速度'],
  ['slow', 'sluggish', 'lag', 'laggy', 'latency', 'delay', '慢', '缓慢'],
  ['error', 'failure', 'fail', 'crash', 'exception', 'fault', 'bug', 'broken', 'panic', '错误', '故障', '崩溃', '失败'],
  ['install', 'setup', 'installation', 'installer', 'deploy', 'deployment', '安装', '部署'],
  ['configure', 'configuration', 'config', 'settings', 'setting', 'preference', '配置', '设置'],
  ['delete', 'remove', 'erase', 'deletion', 'removal', '删除'],
  ['start', 'begin', 'launch', 'boot', 'startup', '启动', '开始'],
  ['stop', 'halt', 'terminate', 'shutdown', 'kill', '停止'],
  ['database', 'db', 'postgres', 'postgresql', 'sql', 'mysql', '数据库'],
  ['password', 'passphrase', 'passcode', '密码'],
  ['login', 'signin', 'logon', 'authenticate', 'authentication', '登录'],
  ['user', 'member', 'account', 'profile', '用户', '账号', '账户'],
  ['question', 'ask', 'inquiry', '问题', '提问'],
  ['answer', 'reply', 'response', 'solution', '回答', '答案'],
  ['fix', 'repair', 'resolve', 'solve', 'workaround', '修复', '解决'],
  ['computer', 'pc', 'laptop', 'desktop', '电脑', '计算机'],
  ['software', 'program', 'application', 'app', '软件', '程序'],
  ['network', 'internet', 'connection', 'connectivity', 'online', '网络'],
  ['memory', 'ram', '内存'],
  ['documentation', 'docs', 'doc', 'manual', 'guide', 'tutorial', '文档', '教程'],
  ['picture', 'image', 'photo', 'photograph', 'screenshot', '图片', '照片'],
  ['big', 'large', 'huge', 'enormous', '大'],
  ['small', 'tiny', 'little', 'mini', '小'],
  ['help', 'assist', 'assistance', 'support', '帮助'],
  ['buy', 'purchase', 'order', '购买'],
  ['email', 'mail', 'inbox', '邮件', '邮箱'],
  ['upgrade', 'update', 'migrate', 'migration', '升级', '更新'],
];

const STOP_WORDS = new Set(
  (
    'a an the and or but if of to in on at by for from with without about into over under is are was were be been ' +
    'being am do does did done have has had i me my we our you your he she it its they them their this that these ' +
    'those there here what which who whom how why when where can could should would will shall may might must not ' +
    'no yes so as than then too very just also any some all each get got 的 了 吗 是 在 和 我 你'
  ).split(' '),
);

const HAN = /\p{Script=Han}/u;
const WORDS = /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;

/** [suffix, replacement, shortest stem kept] */
const SUFFIXES: readonly [string, string, number][] = [
  ['ations', '', 3],
  ['ation', '', 3],
  ['ies', 'y', 3],
  ['sses', 'ss', 3],
  ['shes', 'sh', 3],
  ['ches', 'ch', 3],
  ['xes', 'x', 3],
  ['ing', '', 3],
  ['ed', '', 3],
  ['ly', '', 4],
  ['s', '', 3],
];

/** One suffix off, when enough letters stay: enough to meet plurals, -ing, -ed, -ly, -ation. */
function stemOnce(word: string): string {
  for (const [suffix, replacement, shortest] of SUFFIXES) {
    if (!word.endsWith(suffix) || (suffix === 's' && word.endsWith('ss'))) continue;
    const stem = word.slice(0, -suffix.length) + replacement;
    if (stem.length < shortest) return word;
    // stopped → stopp → stop
    return /(.)\1$/.test(stem) && !/(ss|ll|zz)$/.test(stem) && suffix !== 'sses' ? stem.slice(0, -1) : stem;
  }
  return word;
}

/** The forms a word is looked up as, most literal first; the last is its concept when the table has none. */
function forms(word: string): string[] {
  const once = stemOnce(word);
  return [word, once, stemOnce(once)];
}

export interface EmbedderOptions {
  /** Length of every vector (default 128); a request's `dimensions` overrides it. */
  dimensions?: number;
  /** More synonym groups, one concept each, named by the group's first word; they win over the built-in table. */
  concepts?: readonly (readonly string[])[];
}

export interface Embedder {
  /** The unit vector of a text. */
  embed(text: string, dimensions?: number): number[];
  /** The concepts a text is read as, in order (for a test's failure message). */
  concepts(text: string): string[];
}

export function createEmbedder(options: EmbedderOptions = {}): Embedder {
  const conceptOf = new Map<string, string>();
  let longestHanWord = 1;
  for (const group of [...BUILTIN_CONCEPTS, ...(options.concepts ?? [])]) {
    const name = group[0]?.toLowerCase();
    if (!name) continue;
    for (const word of group) {
      const lower = word.toLowerCase();
      if (HAN.test(lower)) longestHanWord = Math.max(longestHanWord, [...lower].length);
      // Only the word as written: a table word's own stem (setting → set) would catch unrelated words.
      conceptOf.set(lower, name);
    }
  }

  const words = (text: string): string[] =>
    (text.normalize('NFKC').toLowerCase().match(WORDS) ?? []).flatMap((run) =>
      HAN.test(run) ? segmentHan(run) : [run],
    );

  // Greedy longest match against the table's Chinese words; any other character stands alone.
  const segmentHan = (run: string): string[] => {
    const chars = [...run];
    const out: string[] = [];
    for (let i = 0; i < chars.length; ) {
      let length = Math.min(longestHanWord, chars.length - i);
      while (length > 1 && !conceptOf.has(chars.slice(i, i + length).join(''))) length--;
      out.push(chars.slice(i, i + length).join(''));
      i += length;
    }
    return out;
  };

  const concepts = (text: string): string[] =>
    words(text)
      .filter((word) => !STOP_WORDS.has(word))
      .map((word) => {
        const candidates = forms(word);
        for (const form of candidates) {
          const concept = conceptOf.get(form);
          if (concept) return concept;
        }
        return candidates[candidates.length - 1] ?? word;
      });

  const embed = (text: string, dimensions = options.dimensions ?? DEFAULT_EMBEDDING_DIMENSIONS): number[] => {
    const vector = new Array<number>(dimensions).fill(0);
    const found = concepts(text);
    // An empty text still gets a unit vector, as a model's would be.
    for (const concept of found.length > 0 ? found : ['\u0000empty']) {
      for (let k = 0; k < DIMENSIONS_PER_CONCEPT; k++) {
        const hash = fnv1a(`${concept}\u0000${k}`);
        const index = hash % dimensions;
        vector[index] = (vector[index] ?? 0) + (hash & 0x80000000 ? -1 : 1);
      }
    }
    const norm = Math.hypot(...vector);
    return norm === 0 ? vector.map((_, i) => (i === 0 ? 1 : 0)) : vector.map((x) => x / norm);
  };

  return { embed, concepts };
}

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    aa += x * x;
    bb += y * y;
  }
  return aa === 0 || bb === 0 ? 0 : dot / Math.sqrt(aa * bb);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
