/** Types of `api.js` for the npm runner and the tests (the file itself is plain JavaScript that k6 loads). */
export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  /** The access token to send, for a member's request. */
  token?: string;
}

export interface LoadResponse {
  status: number;
  body: unknown;
}

export declare const API: string;
export declare const ADMIN_API: string;
export declare function queryString(params?: Record<string, unknown>): string;
export declare function get(route: string, params?: Record<string, unknown>): LoadRequest;
export declare function send(method: LoadRequest['method'], route: string, body: Record<string, unknown>): LoadRequest;
export declare function admin(method: LoadRequest['method'], route: string, body: Record<string, unknown>): LoadRequest;
export declare function dataOf(response: LoadResponse): unknown;
export declare function succeeded(response: LoadResponse): boolean;
export declare function expectData(response: LoadResponse, what: string): unknown;
