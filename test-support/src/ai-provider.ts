import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type ChatReply,
  type ChatRequest,
  type ChatScript,
  completionChunks,
  completionObject,
  defaultChatScript,
} from './ai-provider-chat';
import { createEmbedder, type EmbedderOptions } from './ai-provider-embeddings';

export type {
  ChatMessage,
  ChatReply,
  ChatRequest,
  ChatScript,
  ChatTool,
  ContentReply,
  ToolCallReply,
} from './ai-provider-chat';
export { defaultChatScript, messageText } from './ai-provider-chat';
export {
  BUILTIN_CONCEPTS,
  cosineSimilarity,
  createEmbedder,
  DEFAULT_EMBEDDING_DIMENSIONS,
} from './ai-provider-embeddings';

/** What goes wrong, for the whole server (`faults`, `setFaults`), the next requests (`failNext`) or one answer. */
export interface AiFaults {
  /** The connection is closed without an answer (the client sees a connection error). */
  down?: boolean;
  /** Milliseconds before the first byte of the answer, and between two chunks of a stream; a number is both. */
  slow?: number | { firstChunkMs?: number; betweenChunksMs?: number };
  /** 401 `invalid_api_key`, whatever key was sent. */
  badKey?: boolean;
  /** 200, then lines that are not JSON (`data:` lines of a stream, or the body). */
  garbage?: boolean;
  /**
   * The answer stops after this many stream chunks (a non-streamed body: halfway), without `[DONE]`: the connection
   * is reset (the client sees a network error), or with `how: 'end'` the response ends cleanly (the client sees a
   * stream that just stops, with no finish reason).
   */
  cutMidStream?: number | { afterChunks: number; how: 'reset' | 'end' };
  /** This HTTP status with an OpenAI error body. */
  status?: number;
}

/** The endpoints, as called with the `/v1` prefix; a path without it reaches the same one. */
export type AiRoute = '/v1/models' | '/v1/embeddings' | '/v1/chat/completions';

export interface RecordedAiRequest {
  method: string;
  /** As received, e.g. `/v1/chat/completions` or `/chat/completions`. */
  path: string;
  /** The endpoint it reached (`/v1/models` for `/v1/models/{id}` too); null for an unknown path. */
  route: AiRoute | null;
  /** All headers but `authorization`, whose value is never kept. */
  headers: Record<string, string | string[] | undefined>;
  authorization: { present: boolean; matched: boolean };
  /** The JSON body; the raw text when it was not JSON; undefined when empty. */
  body: unknown;
}

export interface AiProviderOptions {
  /** The key callers must send as `Authorization: Bearer <key>` (default `test-key`); null: no key needed. */
  apiKey?: string | null;
  /** Models `POST /v1/chat/completions` accepts (default `['test-chat']`); others answer 404 `model_not_found`. */
  chatModels?: string[];
  /** Models `POST /v1/embeddings` accepts (default `['test-embedding']`). */
  embeddingModels?: string[];
  /** Embedding length (default 128) and the test's own synonym groups. */
  dimensions?: EmbedderOptions['dimensions'];
  concepts?: EmbedderOptions['concepts'];
  /** The chat model; default: `defaultChatScript({ tool })`. */
  script?: ChatScript;
  /** The tool the default script calls when the request offers it. */
  tool?: string;
  /** Faults from the start, for every request. */
  faults?: AiFaults;
  /**
   * Called as each chunk of a chat stream has been written to the socket, with the request it answers: the provider's
   * side of a benchmark's clock (the time from a provider's first delta to the member's first token).
   */
  onChunkWritten?: (written: { request: RecordedAiRequest; index: number; chunk: object }) => void;
}

export interface TestAiProvider {
  /** `http://127.0.0.1:PORT`, for callers that append `/v1/...` themselves. */
  url: string;
  /** `url` + `/v1`, the `baseURL` of the `openai` client. */
  baseURL: string;
  port: number;
  apiKey: string | null;
  /** The first chat and embedding models. */
  chatModel: string;
  embeddingModel: string;
  /** Every request received, in order. */
  requests: RecordedAiRequest[];
  /** Streams being written now. */
  readonly openStreams: number;
  /** Streams the client closed before their end (a tab closed, a request cancelled). */
  readonly abortedStreams: number;
  /** Streams written to their `[DONE]`. */
  readonly completedStreams: number;
  setScript(script: ChatScript): void;
  /** Replaces the server-wide faults (`{}` clears them). */
  setFaults(faults: AiFaults): void;
  /** Adds faults to the next `times` (default 1) requests, of one endpoint if `route` is given. */
  failNext(faults: AiFaults, options?: { route?: AiRoute; times?: number }): void;
  /** The unit vector the provider gives a text (what `/v1/embeddings` answers). */
  embed(text: string, dimensions?: number): number[];
  close(): Promise<void>;
}

type Plan =
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'stream'; chunks: object[] }
  | { kind: 'error'; status: number; message: string; code?: string };

const ROUTES: AiRoute[] = ['/v1/models', '/v1/embeddings', '/v1/chat/completions'];

function routeOf(pathname: string): { route: AiRoute; rest: string } | null {
  const path = pathname.replace(/\/+$/, '');
  for (const route of ROUTES) {
    for (const prefix of [route, route.slice('/v1'.length)]) {
      if (path === prefix) return { route, rest: '' };
      if (route === '/v1/models' && path.startsWith(`${prefix}/`))
        return { route, rest: decodeURIComponent(path.slice(prefix.length + 1)) };
    }
  }
  return null;
}

/** The `type` and `code` OpenAI gives an error of this status. */
function errorKind(status: number): { type: string; code: string | null } {
  if (status === 401) return { type: 'invalid_request_error', code: 'invalid_api_key' };
  if (status === 403) return { type: 'permission_error', code: null };
  if (status === 404) return { type: 'invalid_request_error', code: 'not_found' };
  if (status === 429) return { type: 'requests', code: 'rate_limit_exceeded' };
  if (status >= 500) return { type: 'server_error', code: null };
  return { type: 'invalid_request_error', code: null };
}

function errorBody(status: number, message: string, code?: string) {
  const kind = errorKind(status);
  return { error: { message, type: kind.type, param: null, code: code ?? kind.code } };
}

const merge = (...faults: (AiFaults | undefined)[]): AiFaults => Object.assign({}, ...faults);

/**
 * An OpenAI-compatible provider on the loopback for tests: `GET /v1/models`, `POST /v1/embeddings` (deterministic
 * vectors that put synonyms together, see ai-provider-embeddings.ts) and `POST /v1/chat/completions` answered by a
 * test's script, streamed or not; with faults to inject, every request recorded and its streams counted.
 */
export async function startAiProvider(options: AiProviderOptions = {}): Promise<TestAiProvider> {
  const apiKey = options.apiKey === undefined ? 'test-key' : options.apiKey;
  const chatModels = options.chatModels ?? ['test-chat'];
  const embeddingModels = options.embeddingModels ?? ['test-embedding'];
  const embedder = createEmbedder({ dimensions: options.dimensions, concepts: options.concepts });
  const created = Math.floor(Date.now() / 1000);
  let script = options.script ?? defaultChatScript({ tool: options.tool });
  let serverFaults: AiFaults = options.faults ?? {};
  const queued: { faults: AiFaults; route?: AiRoute; times: number }[] = [];
  const requests: RecordedAiRequest[] = [];
  const streams = { open: 0, aborted: 0, completed: 0 };
  let chatCalls = 0;
  let sequence = 0;

  const takeQueued = (route: AiRoute | null): AiFaults | undefined => {
    const entry = queued.find((q) => !q.route || q.route === route);
    if (!entry) return undefined;
    entry.times--;
    if (entry.times <= 0) queued.splice(queued.indexOf(entry), 1);
    return entry.faults;
  };

  const modelObject = (id: string) => ({ id, object: 'model', created, owned_by: 'agora-test' });

  const notFound = (model: unknown): Plan => ({
    kind: 'error',
    status: 404,
    message: `The model \`${String(model)}\` does not exist or you do not have access to it.`,
    code: 'model_not_found',
  });
  const invalid = (message: string): Plan => ({ kind: 'error', status: 400, message });

  function embeddings(body: Record<string, unknown>): Plan {
    if (!embeddingModels.includes(body.model as string)) return notFound(body.model);
    const input = body.input;
    const texts = typeof input === 'string' ? [input] : input;
    if (!Array.isArray(texts) || texts.length === 0 || texts.some((text) => typeof text !== 'string'))
      return invalid("'input' must be a string or a non-empty array of strings");
    const dimensions = body.dimensions;
    if (dimensions !== undefined && !(Number.isInteger(dimensions) && (dimensions as number) > 0))
      return invalid("'dimensions' must be a positive integer");
    const base64 = body.encoding_format === 'base64';
    const tokens = (texts as string[]).reduce((sum, text) => sum + embedder.concepts(text).length, 0);
    return {
      kind: 'json',
      status: 200,
      body: {
        object: 'list',
        data: (texts as string[]).map((text, index) => {
          const vector = embedder.embed(text, dimensions as number | undefined);
          return {
            object: 'embedding',
            index,
            embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector,
          };
        }),
        model: body.model,
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      },
    };
  }

  async function chat(body: Record<string, unknown>): Promise<{ plan: Plan; fault?: AiFaults }> {
    if (!chatModels.includes(body.model as string)) return { plan: notFound(body.model) };
    if (!Array.isArray(body.messages) || body.messages.length === 0)
      return { plan: invalid("'messages' must be a non-empty array") };
    if (body.tools !== undefined && !Array.isArray(body.tools)) return { plan: invalid("'tools' must be an array") };
    const request = body as ChatRequest;
    let reply: ChatReply;
    try {
      reply = await script(request, chatCalls++);
    } catch (error) {
      return { plan: { kind: 'error', status: 500, message: `the test script failed: ${String(error)}` } };
    }
    const context = {
      id: `chatcmpl-test-${sequence}`,
      model: request.model,
      created: Math.floor(Date.now() / 1000),
      callIdPrefix: `call_test_${sequence}`,
    };
    const plan: Plan = request.stream
      ? { kind: 'stream', chunks: completionChunks(request, reply, context) }
      : { kind: 'json', status: 200, body: completionObject(request, reply, context) };
    return { plan, fault: reply.fault };
  }

  /** The answer before faults of writing; `body` is the parsed JSON, or undefined when the body was not JSON. */
  async function respond(req: http.IncomingMessage, body: unknown, authorized: boolean, faults: AiFaults) {
    const found = routeOf(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (!found) return { plan: { kind: 'error', status: 404, message: `Unknown path ${req.url}` } as Plan };
    if (!authorized) return { plan: unauthorized };
    const injected = injectedError(faults);
    if (injected) return { plan: injected };
    const expected = found.route === '/v1/models' ? 'GET' : 'POST';
    if (req.method !== expected)
      return { plan: { kind: 'error', status: 405, message: `${req.method} is not allowed here` } as Plan };
    if (found.route === '/v1/models') {
      const ids = [...chatModels, ...embeddingModels];
      if (found.rest) return { plan: ids.includes(found.rest) ? ok(modelObject(found.rest)) : notFound(found.rest) };
      return { plan: ok({ object: 'list', data: ids.map(modelObject) }) };
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return { plan: invalid('The request body must be a JSON object.') };
    if (found.route === '/v1/embeddings') return { plan: embeddings(body as Record<string, unknown>) };
    return chat(body as Record<string, unknown>);
  }

  const ok = (body: unknown): Plan => ({ kind: 'json', status: 200, body });
  const unauthorized: Plan = { kind: 'error', status: 401, message: 'Incorrect API key provided.' };
  const injectedError = (faults: AiFaults | undefined): Plan | undefined => {
    if (faults?.badKey) return unauthorized;
    if (faults?.status)
      return { kind: 'error', status: faults.status, message: `Injected fault: HTTP ${faults.status}` };
    return undefined;
  };

  /** Writes the answer with its faults; how it ended. */
  async function write(
    res: http.ServerResponse,
    plan: Plan,
    faults: AiFaults,
    gone: AbortSignal,
    request: RecordedAiRequest,
  ): Promise<'done' | 'cut' | 'gone'> {
    const slow =
      typeof faults.slow === 'number' ? { firstChunkMs: faults.slow, betweenChunksMs: faults.slow } : faults.slow;
    const cut =
      faults.cutMidStream === undefined
        ? undefined
        : typeof faults.cutMidStream === 'number'
          ? { afterChunks: faults.cutMidStream, how: 'reset' as const }
          : faults.cutMidStream;
    const stop = () => {
      if (cut?.how === 'end') res.end();
      // Ending the socket, not destroying it, lets the chunks already written reach the client first.
      else res.socket?.end();
      return 'cut' as const;
    };
    const pause = async (ms: number | undefined) => {
      if (ms) await sleep(ms, undefined, { signal: gone }).catch(() => undefined);
    };

    await pause(slow?.firstChunkMs);
    if (gone.aborted) return 'gone';
    if (plan.kind === 'error') {
      res.writeHead(plan.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(errorBody(plan.status, plan.message, plan.code)));
      return 'done';
    }
    if (plan.kind === 'json') {
      const text = faults.garbage ? '{"object": this is not JSON' : JSON.stringify(plan.body);
      res.writeHead(plan.status, { 'content-type': 'application/json' });
      if (cut) {
        res.write(text.slice(0, Math.ceil(text.length / 2)));
        return stop();
      }
      res.end(text);
      return 'done';
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    for (const [index, chunk] of plan.chunks.entries()) {
      if (cut && index >= cut.afterChunks) return stop();
      if (index > 0) await pause(slow?.betweenChunksMs);
      if (gone.aborted) return 'gone';
      res.write(
        faults.garbage ? `data: {"choices": [{"delta": garbage ${index}\n\n` : `data: ${JSON.stringify(chunk)}\n\n`,
      );
      options.onChunkWritten?.({ request, index, chunk });
    }
    if (cut) return stop();
    res.end('data: [DONE]\n\n');
    return 'done';
  }

  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => {
      handle(req, res, text).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify(errorBody(500, `the test provider failed: ${String(error)}`)));
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (serverFaults.down) socket.destroy();
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, text: string) {
    sequence++;
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const route = routeOf(pathname)?.route ?? null;
    const { authorization, ...headers } = req.headers;
    const matched = apiKey !== null && authorization === `Bearer ${apiKey}`;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: recorded as the text it is
    }
    const recorded: RecordedAiRequest = {
      method: req.method ?? '',
      path: pathname,
      route,
      headers,
      authorization: { present: authorization !== undefined, matched },
      body: json ?? (text || undefined),
    };
    requests.push(recorded);

    // A 'close' before the answer was written out is the client going away.
    let ended = false;
    const client = new AbortController();
    res.on('close', () => {
      if (!ended) client.abort();
    });

    let faults = merge(serverFaults, takeQueued(route));
    if (faults.down) return req.socket.destroy();
    const answer = await respond(req, json, apiKey === null || matched, faults);
    const plan = injectedError(answer.fault) ?? answer.plan;
    faults = merge(faults, answer.fault);
    if (faults.down) return req.socket.destroy();

    const isStream = plan.kind === 'stream';
    if (isStream) streams.open++;
    const outcome = client.signal.aborted ? 'gone' : await write(res, plan, faults, client.signal, recorded);
    ended = true;
    if (!isStream) return;
    streams.open--;
    if (outcome === 'gone') streams.aborted++;
    if (outcome === 'done') streams.completed++;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    baseURL: `${url}/v1`,
    port,
    apiKey,
    chatModel: chatModels[0] ?? 'test-chat',
    embeddingModel: embeddingModels[0] ?? 'test-embedding',
    requests,
    get openStreams() {
      return streams.open;
    },
    get abortedStreams() {
      return streams.aborted;
    },
    get completedStreams() {
      return streams.completed;
    },
    setScript(next) {
      script = next;
    },
    setFaults(faults) {
      serverFaults = faults;
    },
    failNext(faults, { route, times = 1 } = {}) {
      queued.push({ faults, route, times });
    },
    embed: (text, dimensions) => embedder.embed(text, dimensions),
    async close() {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
