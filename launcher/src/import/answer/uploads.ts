import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { UPLOADS_PATH } from '@agora/contracts/identity/profile-rules';

/** The extensions Agora serves uploads under (its storage's content keys), by the source file's extension. */
const SERVED_EXTENSIONS: Record<string, string> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', webp: 'webp' };
/** How many resolved addresses are remembered: a bound on memory, not on correctness. */
const CACHE_LIMIT = 10_000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Old upload addresses in texts (docs/adr/0094-importing-a-community.md): Answer embeds `<site_url>/uploads/<path>`
 * in posts, avatars and branding. With the upload directory (`--uploads`), an image there becomes Agora's address
 * for the same bytes, `<UPLOADS_PATH>/<sha256>.<ext>` (the site service's content key), relative to the site.
 * Without it, or for a file Agora does not serve (an attachment, a GIF), the old address is kept.
 */
export class UploadLinks {
  private readonly pattern: RegExp | undefined;
  private readonly cache = new Map<string, string | null>();

  constructor(
    siteUrl: string | undefined,
    private readonly directory: string | undefined,
  ) {
    const base = siteUrl?.trim().replace(/\/+$/, '');
    this.pattern =
      base && directory ? new RegExp(`${escapeRegExp(base)}/uploads/([^\\s"'()<>\\[\\]?#]+)`, 'g') : undefined;
  }

  /** A text with every old upload address Agora can serve rewritten. */
  async rewrite(text: string): Promise<string> {
    const pattern = this.pattern;
    if (!pattern || !text) return text;
    const found = [...text.matchAll(pattern)];
    if (found.length === 0) return text;
    let out = '';
    let at = 0;
    for (const match of found) {
      const replacement = await this.addressOf(match[1] ?? '');
      out += text.slice(at, match.index) + (replacement ?? match[0]);
      at = (match.index ?? 0) + match[0].length;
    }
    return out + text.slice(at);
  }

  /** Agora's address of the file at `relative` under the upload directory, or null when it has none. */
  async addressOf(relative: string): Promise<string | null> {
    const cached = this.cache.get(relative);
    if (cached !== undefined) return cached;
    const address = await this.resolve(relative);
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(relative, address);
    return address;
  }

  private async resolve(relative: string): Promise<string | null> {
    if (!this.directory) return null;
    const extension = SERVED_EXTENSIONS[path.extname(relative).slice(1).toLowerCase()];
    if (!extension) return null;
    const root = path.resolve(this.directory);
    try {
      const file = path.resolve(root, decodeURIComponent(relative));
      if (!file.startsWith(`${root}${path.sep}`) || !(await stat(file)).isFile()) return null;
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
      return `${UPLOADS_PATH}/${hash.digest('hex')}.${extension}`;
    } catch {
      return null; // not there, unreadable, or a malformed address: the old address stays
    }
  }
}
