/**
 * Requests of the Agora API as the load scenarios describe them: plain data (`{ method, path, body }`) that the k6
 * scripts and the npm runner (`npm run load`) both send. Plain ES modules without Node or k6 imports, so that k6
 * and Node load the same file.
 */

/** Where the public API and the admin API live below the site root (DESIGN §6). */
export const API = '/answer/api/v1';
export const ADMIN_API = '/answer/admin/api';

/** `?a=1&b=two` from an object; undefined values are left out. */
export function queryString(params) {
  const pairs = Object.entries(params || {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** A GET of the public API. */
export function get(route, params) {
  return { method: 'GET', path: `${API}/${route}${queryString(params)}` };
}

/** A request with a JSON body to the public API. */
export function send(method, route, body) {
  return { method, path: `${API}/${route}`, body };
}

/** A request with a JSON body to the admin API. */
export function admin(method, route, body) {
  return { method, path: `${ADMIN_API}/${route}`, body };
}

/** The `data` of an answer's envelope (`{ code, reason, msg, data }`), or undefined. */
export function dataOf(response) {
  const body = response?.body;
  return body && typeof body === 'object' ? body.data : undefined;
}

/** Whether the status is a success. */
export function succeeded(response) {
  return response.status >= 200 && response.status < 300;
}

/** The answer's data, or an error naming what failed, its status and the server's message. */
export function expectData(response, what) {
  if (!succeeded(response)) {
    const body = response.body && typeof response.body === 'object' ? response.body : {};
    const detail = body.msg || body.reason || '';
    throw new Error(`${what} failed: HTTP ${response.status}${detail ? ` (${detail})` : ''}`);
  }
  return dataOf(response);
}
