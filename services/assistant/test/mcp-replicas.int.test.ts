/**
 * The assistant scaled out: two replicas, each listening on its own port, behind a gateway that balances them over
 * HTTP (docs/adr/0074-replicas-behind-the-gateway.md). An SSE session is held by one replica while its messages reach
 * both in turn: the other relays them to the holder; a chat streams over the HTTP transport.
 */
import { Role } from '@agora/contracts';
import { BalancedTransport } from '@agora/gateway/balancer/balanced-transport';
import { createGateway } from '@agora/gateway/gateway';
import { type ForwardRequest, HttpTransport, type ServiceTransport } from '@agora/gateway/transports';
import type { HttpApp } from '@agora/platform';
import { startAiProvider, type TestAiProvider } from '@agora/test-support/ai-provider';
import type { Stack } from '@agora/test-support/stack';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantFor, assistantService } from '../src/service';
import { admin, type Member, ok, startAssistantStack } from './support/stack';

let stack: Stack;
let gateway: HttpApp;
let url: string;
let boss: Member;
let key: string;
let provider: TestAiProvider;
const counted: Counted[] = [];

/** Counts the MCP messages each replica is handed. */
class Counted implements ServiceTransport {
  messages = 0;
  constructor(private readonly inner: HttpTransport) {}
  forward(request: ForwardRequest) {
    if (request.url.includes('/mcp/message')) this.messages += 1;
    return this.inner.forward(request);
  }
  stream(request: ForwardRequest, signal: AbortSignal) {
    return this.inner.stream(request, signal);
  }
  close() {
    return this.inner.close();
  }
}

beforeAll(async () => {
  provider = await startAiProvider();
  stack = await startAssistantStack();
  boss = await admin(stack, 'Replica Admin');
  await ok(stack, 'POST', 'question', boss.token, {
    title: 'Which oil suits a diesel engine in winter?',
    content: 'A thinner oil for the cold months, or the same all year round?',
    tags: [{ slug_name: 'engines' }],
  });
  const parts = assistantFor(stack.service('assistant'));
  const actor = { id: boss.id, roleId: Role.admin } as Parameters<typeof parts.commands.createKey>[0];
  key = (await parts.commands.createKey(actor, 'replicas', 'read-only')).access_key;
  await parts.commands.switchMcp(actor, true);
  await ok(stack, 'PUT', '/answer/admin/api/ai-config', boss.token, {
    enabled: true,
    chosen_provider: 'openai',
    ai_providers: [{ provider: 'openai', api_host: provider.url, api_key: 'test-key', model: 'test-chat' }],
  });
  await stack.settle();
  const replicas = [];
  for (let i = 0; i < 2; i++) {
    const replica = await stack.start(assistantService, { routed: false });
    await replica.projections.startedUp;
    const address = await replica.app.listen({ host: '127.0.0.1', port: 0 });
    const transport = new Counted(new HttpTransport(address));
    counted.push(transport);
    replicas.push({ url: address, transport });
  }
  gateway = await createGateway({
    log: pino({ level: 'silent' }),
    transports: {
      assistant: new BalancedTransport(replicas, { service: 'assistant' }),
      identity: stack.service('identity') && (await inProcess('identity')),
    },
  });
  url = await gateway.listen({ host: '127.0.0.1', port: 0 });
}, 120_000);
afterAll(async () => {
  await gateway?.close();
  await stack?.close();
  await provider?.close();
});

async function inProcess(name: string): Promise<ServiceTransport> {
  const { InProcessTransport } = await import('@agora/gateway/transports');
  return new InProcessTransport(stack.service(name).app);
}

describe('the assistant on two replicas', () => {
  it('answers an SSE session’s messages whichever replica they reach', async () => {
    const client = new Client({ name: 'replica-test', version: '1.0.0' });
    await client.connect(
      new SSEClientTransport(new URL(`${url}/answer/api/v1/mcp/sse`), {
        requestInit: { headers: { Authorization: key } },
        eventSourceInit: {
          fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, Authorization: key } }),
        },
      }),
    );
    try {
      for (let i = 0; i < 4; i++) {
        const result = await client.callTool({ name: 'get_questions', arguments: { keyword: 'diesel' } });
        const found = JSON.parse((result.content as { text: string }[])[0]!.text);
        expect(found.map((q: { title: string }) => q.title)).toEqual(['Which oil suits a diesel engine in winter?']);
      }
    } finally {
      await client.close();
    }
    // Both replicas were handed messages: one of them answered through the other's relay.
    expect(counted.every((c) => c.messages > 0)).toBe(true);
  });

  it('streams a chat over the HTTP transport', async () => {
    provider.setScript(() => ({ content: 'Use a thinner oil in winter.' }));
    const response = await fetch(`${url}/answer/api/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: boss.token },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Which oil?' }] }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const body = await response.text();
    expect(body.trim().endsWith('data: [DONE]')).toBe(true);
    expect(body).toContain('"content":"Use');
  });
});
