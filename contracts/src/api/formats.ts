/** Text formats checked the same way by the server and the web app's forms. */

/** An e-mail address: something, one `@`, a domain with a dot; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A colour as `#rgb` or `#rrggbb`. */
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A domain name such as `example.com` (letters, digits, hyphens, dots; at least one dot). */
export const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** A file extension without its dot. */
export const FILE_EXTENSION_PATTERN = /^[a-z0-9]{1,16}$/;

export function isEmail(text: string): boolean {
  return EMAIL_PATTERN.test(text);
}

/** An absolute http or https URL with a host. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An http(s) URL, or a path on this site (`/uploads/...`), as branding images are given. */
export function isImageAddress(text: string): boolean {
  return isHttpUrl(text) || /^\/[^/\s][^\s]*$/.test(text);
}
