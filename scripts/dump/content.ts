import type { Random } from '../seed/random';
import {
  ANSWER_CLOSINGS,
  ANSWER_OPENINGS,
  CLOSINGS,
  COMMENTS,
  OPENINGS,
  TOPICS,
  type Topic,
  TRIED,
} from '../seed/vocabulary';

/**
 * The texts of a generated dump: each body both as the Markdown its author typed (what PostHistory keeps) and as
 * the HTML it renders to (what Posts.xml keeps), built from the same blocks so the two agree.
 */
export interface Body {
  markdown: string;
  html: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function paragraph(text: string): Body {
  // `code` spans are the one inline markup the sentences carry.
  const html = escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
  return { markdown: text, html: `<p>${html}</p>` };
}

function codeBlock(language: string, code: string): Body {
  return {
    markdown: `\`\`\`${language}\n${code}\n\`\`\``,
    html: `<pre class="lang-${language} prettyprint-override"><code>${escapeHtml(code)}\n</code></pre>`,
  };
}

function list(items: readonly string[], ordered: boolean): Body {
  const markdown = items.map((item, i) => `${ordered ? `${i + 1}.` : '-'} ${item}`).join('\n');
  const tag = ordered ? 'ol' : 'ul';
  const html = `<${tag}>\n${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n')}\n</${tag}>`;
  return { markdown, html };
}

function join(blocks: readonly Body[]): Body {
  return {
    markdown: blocks.map((block) => block.markdown).join('\n\n'),
    html: blocks.map((block) => block.html).join('\n\n'),
  };
}

const fill = (text: string, topic: Topic) => text.replace('{tech}', topic.tech);

export function topicOf(random: Random): Topic {
  return random.pick(TOPICS);
}

export function titleOf(random: Random, topic: Topic): string {
  return random.chance(0.6)
    ? `How do I ${random.pick(topic.actions)} in ${topic.tech}?`
    : `Why does ${random.pick(topic.symptoms)}?`;
}

/** A question: one to four paragraphs (most short), often code, sometimes a list of what was tried. */
export function questionBody(random: Random, topic: Topic): Body {
  const blocks: Body[] = [paragraph(`${fill(random.pick(OPENINGS), topic)} I want to ${random.pick(topic.actions)}.`)];
  blocks.push(paragraph(`The problem: ${random.pick(topic.symptoms)}, and ${random.pick(topic.contexts)}.`));
  if (random.chance(0.7)) blocks.push(codeBlock(topic.language, random.pick(topic.snippets)));
  if (random.chance(0.3)) blocks.push(list(random.sample(TRIED, random.int(2, 4)), random.chance(0.4)));
  for (let extra = random.skewed(3, 3); extra > 0; extra--)
    blocks.push(paragraph(`Also, ${random.pick(topic.contexts)}; I tried ${random.pick(TRIED)}.`));
  blocks.push(paragraph(random.pick(CLOSINGS)));
  return join(blocks);
}

export function answerBody(random: Random, topic: Topic): Body {
  const blocks: Body[] = [paragraph(`${random.pick(ANSWER_OPENINGS)} ${random.pick(topic.fixes)}`)];
  if (random.chance(0.5)) blocks.push(codeBlock(topic.language, random.pick(topic.snippets)));
  if (random.chance(0.2)) blocks.push(list(random.sample(topic.fixes, 2), false));
  blocks.push(paragraph(random.pick(ANSWER_CLOSINGS)));
  return join(blocks);
}

export function editedBody(body: Body, random: Random): Body {
  return join([body, paragraph(`**Edit:** ${random.pick(TRIED)} did not help either.`)]);
}

export function commentText(random: Random): string {
  return random.pick(COMMENTS);
}

/** The tag names: the vocabulary's own first (the popular ones), then numbered ones up to `count`. */
export function tagNames(count: number): string[] {
  const names = [...new Set(TOPICS.flatMap((topic) => topic.tags))];
  const words = names.slice();
  for (let i = 0; names.length < count; i++)
    names.push(`${words[i % words.length]}-${Math.floor(i / words.length) + 2}`);
  return names.slice(0, count);
}

/** Draws tag indexes with Zipf-like frequencies (the k-th most used about 1/k as often as the first). */
export class ZipfTags {
  private readonly cumulative: Float64Array;

  constructor(count: number, exponent = 1.05) {
    this.cumulative = new Float64Array(count);
    let total = 0;
    for (let k = 0; k < count; k++) {
      total += 1 / (k + 1) ** exponent;
      this.cumulative[k] = total;
    }
    for (let k = 0; k < count; k++) this.cumulative[k] = (this.cumulative[k] ?? 0) / total;
  }

  draw(random: Random): number {
    const target = random.next();
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.cumulative[mid] ?? 1) < target) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
