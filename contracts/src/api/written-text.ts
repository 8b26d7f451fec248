import { type TString, type TStringOptions, Type } from 'typebox';

/**
 * The schema keyword that holds text to a minimum length counted without its surrounding whitespace, so that a
 * title of spaces is refused like an empty one (the services' validator knows it: docs/adr/0090-mail-per-recipient.md).
 */
export const TRIMMED_MIN_LENGTH = 'trimmedMinLength';

/** Options of a written text besides its length limits (a pattern, a description). */
type TextOptions = Omit<TStringOptions, 'minLength' | 'maxLength'>;

/**
 * Text a person writes (a title, an answer, a comment, a name): at least `minLength` characters once trimmed and at
 * most `maxLength` as sent; a field whose trimmed text is empty is answered as a missing one.
 */
export function WrittenText(minLength: number, maxLength: number, options: TextOptions = {}): TString {
  return Type.String({ ...options, minLength, maxLength, [TRIMMED_MIN_LENGTH]: minLength });
}
