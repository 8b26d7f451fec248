const DESCRIPTION_LENGTH = 160;

/**
 * The first words of a text (markdown or plain), on one line, for `<meta name="description">`
 * (docs/adr/0066-server-rendered-public-pages.md).
 */
export function summary(text: string): string {
  const line = text
    .replace(/[#>*_`~[\]()!|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length <= DESCRIPTION_LENGTH ? line : `${line.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}
