import { Limits } from '@agora/contracts';
import { pinyin } from 'pinyin-pro';
import { transliterate } from 'transliteration';

const MAX_URL_TITLE_BYTES = Limits.question.urlTitleMaxBytes;
const MAX_TAG_SLUG_LENGTH = Limits.tags.slugMaxLength;

const han = /\p{Script=Han}+/gu;
// Latin letters, accented ones included, stay as they are; the escaping of step 4 covers them.
const nonLatin = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]+/gu;
const beyondBmp = /[\u{10000}-\u{10FFFF}]/gu;

/**
 * A question's `url_title`, in the reference's order: Chinese to pinyin, other scripts
 * transliterated to ASCII (unless switched off), 4-byte characters (emoji...) removed, slugified and
 * URL-escaped, cut to 150 bytes without splitting a character; `topic` when nothing is left.
 */
export function urlTitle(title: string, options: { transliterate?: boolean } = {}): string {
  let text = title
    .normalize('NFKC')
    .replace(han, (run) => ` ${pinyin(run, { toneType: 'none', type: 'array', v: true }).join('-')} `);
  if (options.transliterate ?? true) text = text.replace(nonLatin, (run) => transliterate(run));
  const slug = text
    .replace(beyondBmp, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  let escaped = '';
  for (const char of slug) {
    const part = encodeURIComponent(char);
    if (escaped.length + part.length > MAX_URL_TITLE_BYTES) break;
    escaped += part;
  }
  return escaped.replace(/-+$/, '') || 'topic';
}

/**
 * A tag slug from its display name (lower-case, spaces to `-`) in the slug alphabet
 * `a-z 0-9 + # - .`, at most 35 characters; '' when nothing of the name fits, and the user must choose.
 * Latin letters lose their accents (`Café` → `cafe`); other scripts are left out.
 */
export function tagSlug(displayName: string): string {
  return displayName
    .normalize('NFKC')
    .replace(/\p{Script=Latin}+/gu, (run) => transliterate(run))
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9+#.-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_TAG_SLUG_LENGTH)
    .replace(/-+$/, '');
}
