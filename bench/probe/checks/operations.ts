import { call } from '../http';

/** One operation of the site's published OpenAPI document, with the level its route declares. */
export interface PublishedOperation {
  method: string;
  path: string;
  auth: string | undefined;
  hasBody: boolean;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

/**
 * Every operation the site serves, read from its own OpenAPI document (`/answer/api/openapi.json`), which the
 * gateway merges from the routes each service registered: a route added tomorrow is probed tomorrow.
 */
export async function publishedOperations(base: string): Promise<PublishedOperation[]> {
  const document = (await call(base, 'GET', '/answer/api/openapi.json')).json as unknown as {
    paths: Record<string, Record<string, { 'x-agora-auth'?: string; requestBody?: unknown }>>;
  };
  const operations: PublishedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        auth: operation['x-agora-auth'],
        hasBody: operation.requestBody !== undefined,
      });
    }
  }
  return operations;
}

/** A path of the document with each `{parameter}` filled with a harmless value. */
export const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, '1');
