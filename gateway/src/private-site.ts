import type { RouteMatch } from './routing-table';
import type { ServiceTransport } from './transports';

/**
 * API routes an anonymous caller may use on a private site: signing in and up, account
 * recovery, activation, e-mail confirmation, unsubscribing, and what the login screens need to draw.
 */
const EXEMPT_API = new Set([
  'siteinfo',
  'siteinfo/legal',
  'language/options',
  'language/config',
  'plugin/status',
  'render/config',
  'embed/config',
  'sidebar/config',
  'captcha/config',
  'user/login/email',
  'user/register/email',
  'user/password/reset',
  'user/password/replacement',
  'user/email/verification',
  'user/email/verification/send',
  'user/email',
  'user/email/change/code',
  'user/action/record',
  'user/logout',
  'user/info',
  'user/notification/unsubscribe',
]);
// Uploaded files: browsers load images without the token; their addresses are unguessable content hashes. The MCP
// server's callers bring an API key instead of a token: the assistant checks it on every request.
const EXEMPT_PREFIXES = ['connector/', 'user-center/', 'file/uploads/', 'mcp/'];
const EXEMPT_EXACT = new Set(['mcp']);

export function exemptFromPrivateSite(route: RouteMatch): boolean {
  if (route.area !== 'api') return true; // admin routes demand an admin anyway; the installer runs before any login
  return (
    EXEMPT_API.has(route.rest) || EXEMPT_EXACT.has(route.rest) || EXEMPT_PREFIXES.some((p) => route.rest.startsWith(p))
  );
}

const CACHE_MS = 1000;

/** Whether the site is private, read from the site service and kept for a second. */
export class LoginRequired {
  private value = false;
  private readAt = 0;
  private reading: Promise<void> | null = null;

  constructor(private readonly site: () => ServiceTransport | undefined) {}

  async current(): Promise<boolean> {
    if (Date.now() - this.readAt > CACHE_MS) {
      this.reading ??= this.read().finally(() => {
        this.reading = null;
      });
      await this.reading;
    }
    return this.value;
  }

  private async read(): Promise<void> {
    const transport = this.site();
    if (!transport) return;
    try {
      const response = await transport.forward({
        method: 'GET',
        url: '/answer/api/v1/siteinfo',
        headers: {},
        body: undefined,
      });
      if (response.status === 200) {
        this.value = Boolean(JSON.parse(response.body.toString('utf8')).data?.site_security?.login_required);
        this.readAt = Date.now();
      }
    } catch {
      // Keep the last known answer while the site service is unreachable.
    }
  }
}
