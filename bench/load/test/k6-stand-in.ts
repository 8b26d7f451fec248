/**
 * Stand-ins for k6's `k6/http` and `k6` modules (the k6 binary is not installed here): every request a k6 script
 * makes is recorded with its tags, and answered from a small made-up site, so that its setup and iterations run.
 */
export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
  tags: Record<string, string>;
}

export const recorded: RecordedRequest[] = [];
export const slept: number[] = [];

const QUESTIONS = Array.from({ length: 30 }, (_, i) => ({
  id: String(1_000_000 + i),
  title: `How do I configure proxy caching for service number ${i}?`,
}));

/** What the made-up site answers on the routes the setup reads; `{}` elsewhere. */
function dataFor(method: string, url: URL): unknown {
  const route = url.pathname.replace(/^\/answer\/(api\/v1|admin\/api)\//, '');
  if (method === 'GET' && route === 'question/page') return { count: 600, list: QUESTIONS };
  if (method === 'GET' && route === 'tags/page') {
    return { count: 3, list: ['nginx', 'postgresql', 'kafka'].map((slug_name) => ({ slug_name })) };
  }
  if (method === 'GET' && route === 'answer/page') {
    return {
      count: 2,
      list: [{ id: `2${url.searchParams.get('question_id')}` }, { id: `3${url.searchParams.get('question_id')}` }],
    };
  }
  if (method === 'POST' && route === 'user/login/email') return { access_token: `token-${recorded.length}` };
  return {};
}

export const http = {
  request(
    method: string,
    url: string,
    body: string | null,
    params: { headers?: Record<string, string>; tags?: Record<string, string> },
  ) {
    const parsedUrl = new URL(url);
    recorded.push({
      method,
      url: parsedUrl,
      body: body === null ? undefined : JSON.parse(body),
      headers: params.headers ?? {},
      tags: params.tags ?? {},
    });
    const answer = { code: 200, reason: 'base.success', msg: 'Success.', data: dataFor(method, parsedUrl) };
    return { status: 200, json: () => answer };
  },
};

export function sleep(seconds: number) {
  slept.push(seconds);
}
