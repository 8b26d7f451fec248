import type { LifeCycles } from 'single-spa';

/**
 * Loads an application of the layout through the import map. `@agora/shell:header` is the `header`
 * export of the `@agora/shell` module; a name without `:` is the module itself.
 */
export async function loadApp(name: string): Promise<LifeCycles> {
  const [specifier = name, exported] = name.split(':');
  const module = (await import(/* @vite-ignore */ specifier)) as Record<string, unknown>;
  return (exported ? module[exported] : module) as LifeCycles;
}
