import sanitizeHtml from 'sanitize-html';

const linkRel = 'nofollow noopener noreferrer';
const imageDataUrl = /^data:image\/(?:png|jpe?g|gif|webp)[;,]/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these characters in a URL, so the check does too
const skippedInUrls = /[\u0000-\u0020]/g;
const alignments = ['left', 'center', 'right'];

/** What user content may contain after rendering: an allowlist, everything else is dropped. */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    'del',
    's',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'sup',
    'sub',
    'kbd',
    'details',
    'summary',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: [{ name: 'align', multiple: false, values: alignments }],
    td: [{ name: 'align', multiple: false, values: alignments }],
    details: ['open'],
  },
  allowedClasses: { code: [/^language-[\w+#.-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  // An image whose address was refused would show as a broken image.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  // Their text is code or markup, not prose: drop it with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'xmp', 'iframe', 'object', 'embed'],
  transformTags: {
    // Whatever rel the author wrote is replaced; target is not in the allowlist.
    a: sanitizeHtml.simpleTransform('a', { rel: linkRel }),
    img: (tagName, attribs) => {
      // The scheme check lets any data: URL through; only raster images are wanted (an SVG can carry script).
      const src = attribs.src?.replace(skippedInUrls, '') ?? '';
      if (!/^data:/i.test(src) || imageDataUrl.test(src)) return { tagName, attribs };
      return { tagName, attribs: Object.fromEntries(Object.entries(attribs).filter(([name]) => name !== 'src')) };
    },
    // markdown-it aligns table cells with a style attribute; keep only the alignment, as `align`.
    th: alignFromStyle,
    td: alignFromStyle,
  },
};

function alignFromStyle(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { style, ...rest } = attribs;
  const align = style?.match(/^\s*text-align\s*:\s*(left|center|right)\s*;?\s*$/i)?.[1]?.toLowerCase();
  return { tagName, attribs: align ? { ...rest, align } : rest };
}

/** Makes rendered HTML safe to show: no script, no event handlers, no script URLs. */
export function sanitizeRenderedHtml(html: string): string {
  return sanitizeHtml(html, options);
}
