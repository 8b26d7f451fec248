import { assistantFor } from '@agora/assistant/service';
import { Role } from '@agora/contracts';
import { startAiProvider, type TestAiProvider } from '@agora/test-support/ai-provider';
import pino from 'pino';
import { ALL_SERVICES } from '../../launcher/src/services';
import { benchAccounts } from '../accounts';
import { type BenchAgora, startBenchAgora } from '../agora';
import { injectBytes } from '../support';

export const API = '/answer/api/v1';
export const ADMIN_API = '/answer/admin/api';
/** The most chats a member may start an hour (the settings' ceiling): the bench's members chat all the time. */
const CHATS_PER_HOUR = 1000;

export interface Member {
  id: string;
  username: string;
  token: string;
}

export interface AssistantBench {
  agora: BenchAgora;
  /** The gateway over HTTP on the loopback, as a browser or an MCP client reaches it. */
  url: string;
  provider: TestAiProvider;
  admin: Member;
  members: Member[];
  /** A global API key for the MCP server (switched on). */
  apiKey: string;
  close(): Promise<void>;
}

/**
 * Agora as `npm start` composes it (every service, the assistant included) on a throw-away PostgreSQL with fsync on,
 * its gateway listening on the loopback; the local OpenAI-compatible provider (test-support) set up as the site's AI
 * provider for chat and embeddings, the MCP server on with a global key, and `memberCount` members signed in; `env`:
 * more configuration (OpenSearch's, for the vectors scaled out).
 */
export async function startAssistantBench(
  provider: TestAiProvider | null,
  memberCount: number,
  env?: Record<string, string>,
): Promise<AssistantBench> {
  const ai = provider ?? (await startAiProvider());
  const agora = await startBenchAgora(
    ALL_SERVICES.filter((module) => module.name !== 'site'),
    { log: pino({ level: 'warn' }), env },
  );
  const url = await agora.gateway.listen({ host: '127.0.0.1', port: 0 });
  const account = benchAccounts(agora.service('identity'));
  const register = (i: number): Promise<Member> => account(`Assistant Bench ${i}`, i === 0 ? Role.admin : Role.user);
  const admin = await register(0);
  const members: Member[] = [];
  for (let i = 1; i <= memberCount; i++) members.push(await register(i));
  await agora.settle();

  const call = async (method: 'POST' | 'PUT', path: string, body: unknown) => {
    const response = await injectBytes(agora.gateway, {
      method,
      url: path,
      headers: { authorization: admin.token, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode} ${response.text()}`);
    return response.json().data;
  };
  await call('PUT', `${ADMIN_API}/ai-config`, {
    enabled: true,
    chosen_provider: 'openai',
    ai_providers: [{ provider: 'openai', api_host: ai.url, api_key: ai.apiKey ?? '', model: ai.chatModel }],
    chats_per_hour: CHATS_PER_HOUR,
    embedding_model: ai.embeddingModel,
  });
  const apiKey = (await call('POST', `${ADMIN_API}/api-key`, { description: 'bench', scope: 'global' }))
    .access_key as string;
  await call('PUT', `${ADMIN_API}/mcp-config`, { enabled: true });
  await agora.settle();
  return {
    agora,
    url,
    provider: ai,
    admin,
    members,
    apiKey,
    async close() {
      await agora.close();
      await ai.close();
    },
  };
}

/** The running assistant's parts (its semantic index and embedder). */
export const assistantParts = (bench: AssistantBench) => assistantFor(bench.agora.service('assistant'));
