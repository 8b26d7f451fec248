/** A cookie as a browser keeps it: its value, the path it is sent to, and its attributes as set. */
interface KeptCookie {
  value: string;
  path: string;
  attributes: string[];
}

/**
 * A browser's cookie jar for Agora's origin: it keeps what `Set-Cookie` headers give it (a `Max-Age=0` removes)
 * and sends each cookie back to the paths under its own, as a browser does. Tests drive the trips of one browser
 * through one jar, and another browser through another.
 */
export class Browser {
  private readonly cookies = new Map<string, KeptCookie>();

  /** The `Cookie` header this browser sends with a request for `url` (a path, or a URL on Agora's origin). */
  cookieHeader(url: string): Record<string, string> {
    const path = new URL(url, 'http://agora.test').pathname;
    const sent = [...this.cookies]
      .filter(([, cookie]) => path.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`);
    return sent.length > 0 ? { cookie: sent.join('; ') } : {};
  }

  /** Keeps the cookies of a response's `Set-Cookie` headers. */
  keep(setCookie: unknown): void {
    const headers = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [setCookie];
    for (const header of headers.map(String)) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at);
      const path = attributes.find((attribute) => /^path=/i.test(attribute))?.slice('path='.length) ?? '/';
      if (attributes.some((attribute) => /^max-age=0$/i.test(attribute))) this.cookies.delete(name);
      else this.cookies.set(name, { value: pair.slice(at + 1), path, attributes });
    }
  }

  /** Puts a cookie in this jar as another party would (another browser's value, or a forged one). */
  plant(name: string, value: string, path: string): void {
    this.cookies.set(name, { value, path, attributes: [] });
  }

  /** The cookies this browser holds, by name: their values and attributes. */
  held(): Map<string, { value: string; attributes: string[] }> {
    return new Map([...this.cookies].map(([name, { value, attributes }]) => [name, { value, attributes }]));
  }
}
