/**
 * The MCP server's tools at the library's full size (issue 42: a tool call's p99 ≤ 50 ms at 100,000 questions): MCP
 * clients on the official SDK over Streamable HTTP, with an API key, through the gateway on the loopback, `clients` at
 * a time, each calling one tool with arguments drawn from what the library holds; the time is the client's, from the
 * call to its result (one HTTP POST: the key checked, the tool run, the JSON-RPC answer).
 */
import { performance } from 'node:perf_hooks';
import { itemAt } from '@agora/platform';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { closedLoop, settleHeap } from '../support';
import { explainFindQuestions } from './explain';
import type { SeededLibrary } from './library-seed';
import { API } from './stack';

export const TOOL_BUDGET_MS = 50;

type Args = Record<string, string>;

/** Each measured call: a tool and how its arguments are drawn (`n` counts the calls of this kind). */
function variants(library: SeededLibrary): Record<string, { tool: string; args: (n: number) => Args }> {
  const at = <T>(items: readonly T[], n: number) => itemAt(items, (n * 7919) % items.length);
  return {
    'get_questions (keyword)': { tool: 'get_questions', args: (n) => ({ keyword: at(library.keywords, n) }) },
    'get_questions (two keywords)': {
      tool: 'get_questions',
      args: (n) => ({ keyword: `${at(library.keywords, n)} ${at(library.keywords, n + 13)}` }),
    },
    'get_questions (topic tag)': { tool: 'get_questions', args: (n) => ({ tag: at(library.topicTags, n) }) },
    'get_questions (rare tag)': { tool: 'get_questions', args: (n) => ({ tag: at(library.tailTags, n) }) },
    'get_questions (score ≥ 50)': { tool: 'get_questions', args: () => ({ score: '50' }) },
    'get_questions (keyword, tag, score ≥ 2)': {
      tool: 'get_questions',
      args: (n) => ({ keyword: at(library.keywords, n), tag: at(library.topicTags, n), score: '2' }),
    },
    get_question: { tool: 'get_question', args: (n) => ({ question_id: at(library.questionIds, n) }) },
    get_answers_by_question_id: {
      tool: 'get_answers_by_question_id',
      args: (n) => ({ question_id: at(library.questionIds, n) }),
    },
    get_comments: { tool: 'get_comments', args: (n) => ({ object_id: at(library.commentedIds, n) }) },
    get_tags: {
      tool: 'get_tags',
      args: (n) => ({ tag_name: at([...library.topicTags, ...library.tailTags], n).slice(0, 3 + (n % 4)) }),
    },
  };
}

export async function measureTools(
  url: string,
  apiKey: string,
  databaseUrl: string,
  library: SeededLibrary,
  options: { clients: number; perClient: number },
) {
  const clients = await Promise.all(
    Array.from({ length: options.clients }, async () => {
      const client = new Client({ name: 'agora-bench', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${url}${API}/mcp`), {
          requestInit: { headers: { Authorization: apiKey } },
        }),
      );
      return client;
    }),
  );
  const failures: string[] = [];
  const slowest: Record<string, { ms: number; args: Args }> = {};
  const tools: Record<string, unknown> = {};
  let calls = 0;
  try {
    for (const [name, variant] of Object.entries(variants(library))) {
      // A warm-up round per kind (the tool's statements prepared, its pages read once).
      for (let n = 0; n < options.clients; n++)
        await itemAt(clients, n).callTool({ name: variant.tool, arguments: variant.args(n) });
      await settleHeap();
      let results = 0;
      const figures = await closedLoop(options.clients, options.perClient, async (c, i) => {
        const args = variant.args(c * options.perClient + i + options.clients);
        const started = performance.now();
        const result = await itemAt(clients, c).callTool({ name: variant.tool, arguments: args });
        const ms = performance.now() - started;
        calls++;
        const text = (result.content as { type: string; text: string }[])[0]?.text ?? '';
        if (result.isError || text.startsWith('Error')) {
          if (failures.length < 10) failures.push(`${name} ${JSON.stringify(args)}: ${text.slice(0, 200)}`);
        } else if (text !== '[]' && /^[[{]/.test(text)) results++;
        if (ms > (slowest[name]?.ms ?? 0)) slowest[name] = { ms: Math.round(ms * 100) / 100, args };
        return ms;
      });
      const slow = slowest[name];
      // Where a get_questions call over budget spends its time in PostgreSQL: its statement's plan for the slowest arguments.
      const plan =
        figures.p99_ms > TOOL_BUDGET_MS && variant.tool === 'get_questions' && slow
          ? await explainFindQuestions(databaseUrl, slow.args)
          : undefined;
      tools[name] = {
        ...figures,
        with_results: results,
        slowest: slow,
        ...(plan ? { plan_of_slowest: plan } : {}),
        met: figures.p99_ms <= TOOL_BUDGET_MS,
      };
    }
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
  return { clients: options.clients, calls, failures, budget_p99_ms: TOOL_BUDGET_MS, tools };
}
