/**
 * Usernames: lower-case letters, digits, `.`, `_` and `-`, no spaces (issue 17; docs/behaviour-decisions.md).
 * A username is a path segment of profile links and the word after `@` in a mention.
 */
export const USERNAME_PATTERN = '^[a-z0-9._-]+$';

/** Where the site service serves uploaded files: `<UPLOADS_PATH>/<sha256>.<extension>`. */
export const UPLOADS_PATH = '/answer/api/v1/file/uploads';

/** An avatar image URL a member may set: http(s), or one of the site's own uploads; nothing a browser would run. */
export const AVATAR_URL_PATTERN = `^(https?://[^\\s]+|${UPLOADS_PATH}/[0-9a-f]{64}\\.[a-z0-9]+)$`;
