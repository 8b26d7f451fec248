import MarkdownIt from 'markdown-it';

/**
 * The one markdown parser (CommonMark plus GFM tables, strikethrough and autolinks). Raw HTML is
 * parsed here and made safe by the sanitiser, never trusted.
 */
export const markdown = new MarkdownIt('commonmark', { html: true, linkify: true, typographer: false }).enable([
  'table',
  'strikethrough',
  'linkify',
]);

// linkify-it links only URLs with a scheme and e-mail addresses; GFM also links `www.` hosts. Its fuzzy
// mode would go further and link file names such as `readme.md` (.md is a country domain).
markdown.linkify.add('www.', {
  validate(text, pos, self) {
    const host = self.re.get_relative_proto_validator();
    host.lastIndex = pos;
    return host.exec(text)?.[0].length ?? 0;
  },
  normalize(match) {
    match.url = `https://${match.url}`;
  },
});
