import type { SiteInfo } from '../api/wire';

/** An API answer as the server half reads it: the HTTP status and the envelope's `data`. */
export interface ApiAnswer<T> {
  status: number;
  data: T | null;
}

/** Anonymous GETs of the public API (`question/info?id=…`), as the gateway answers them to a visitor. */
export type ApiReader = <T>(pathAndQuery: string) => Promise<ApiAnswer<T>>;

/** A page's head: what search engines and link previews read (docs/adr/0066-server-rendered-public-pages.md). */
export interface PageHead {
  title: string;
  description: string;
  /** The canonical path (the permalink setting's form); the site's URL is put in front of it. */
  canonicalPath: string;
  /** Open Graph type: `website`, `article`, `profile`. */
  type: 'website' | 'article' | 'profile';
  /** schema.org data, written as JSON-LD. */
  structuredData?: Record<string, unknown>;
}

/** One query of the react-query cache the page is drawn from, as the browser's own call would key it. */
export interface SeededQuery {
  key: readonly unknown[];
  data: unknown;
  /** An infinite query (comments): `data` is its first page. */
  infinite?: boolean;
}

export type PageLoad =
  | { kind: 'page'; head: PageHead; queries: SeededQuery[] }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' }
  /** The API refused the visitor (private site): the page is left to the browser, as before. */
  | { kind: 'refused' };

export interface PageContext {
  params: Record<string, string>;
  /** The request's path as sent (encoded). */
  pathname: string;
  search: URLSearchParams;
  api: ApiReader;
  site: SiteInfo;
}

/** A public route of a micro-frontend that the server renders. */
export interface ServerPage {
  pattern: string;
  load(context: PageContext): Promise<PageLoad>;
}
