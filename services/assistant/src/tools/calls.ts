import type { ApiKeyScope } from '@agora/contracts';
import { Compile } from 'typebox/compile';
import { TOOLS, type Tool, type ToolContext, toolByName } from './catalogue';

const validators = new Map(TOOLS.map((tool) => [tool.name, Compile(tool.parameters)]));

export interface ToolOutcome {
  text: string;
  isError: boolean;
}

/**
 * Calls a tool by name with the arguments a model or an MCP client gave, the one door both come through: an unknown
 * tool, arguments that do not fit its parameters, or a tool a read-only key may not call are answered as an error
 * the model can read, never thrown.
 */
export async function callTool(
  name: string,
  args: unknown,
  context: ToolContext,
  scope: ApiKeyScope = 'global',
): Promise<ToolOutcome> {
  const tool: Tool | undefined = toolByName(name);
  const validator = validators.get(name);
  if (!tool || !validator) return { text: `Error: there is no tool named ${name}.`, isError: true };
  if (!tool.readOnly && scope !== 'global')
    return { text: `Error: ${name} needs a key with the global scope.`, isError: true };
  const given = args ?? {};
  if (!validator.Check(given)) {
    const problems = [...validator.Errors(given)].map((e) => `${e.instancePath || '/'} ${e.message}`).slice(0, 5);
    return { text: `Error: invalid arguments for ${name}: ${problems.join('; ')}`, isError: true };
  }
  try {
    return { text: await tool.run(given as never, context), isError: false };
  } catch (error) {
    return { text: `Error: ${name} failed: ${(error as Error).message}`, isError: true };
  }
}
