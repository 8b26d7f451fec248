/**
 * The part of a service's README that is generated (what it owns), between two markers: the rest of the README
 * (what the service is for, its budgets, its metrics) is written by hand and left as it is.
 */
import type { Consumed, Ownership, RouteRow } from './ownership';

export const UPDATE_COMMAND = 'AGORA_UPDATE_SERVICE_READMES=1 npx vitest run launcher/test/service-readmes.int.test.ts';
export const BLOCK_START = `<!-- owned: generated from the code by launcher/test/service-readmes.int.test.ts (${UPDATE_COMMAND}) -->`;
export const BLOCK_END = '<!-- owned: end -->';

const code = (text: string) => `\`${text}\``;
const codes = (texts: readonly string[]) => texts.map(code).join(', ');
/** A table cell: a `|` would end it. */
const cell = (text: string) => text.replaceAll('|', '\\|');

function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** A route's row; `auth` is the level the route declares (`config.auth`), left out where the owner decides. */
export function routesSection(routes: readonly RouteRow[], heading = '## Routes', { auth = true } = {}): string {
  if (routes.length === 0) return `${heading}\n\nNone.`;
  const row = (route: RouteRow) => [route.methods.join(', '), code(route.url), ...(auth ? [route.auth] : [])];
  return `${heading}\n\n${table(['method', 'path', ...(auth ? ['auth'] : [])], routes.map(row))}`;
}

export function consumedSection(consumed: readonly Consumed[], after = ''): string {
  const body =
    consumed.length === 0
      ? 'None.'
      : table(
          ['projection', 'from', 'events'],
          consumed.map((c) => [code(c.projection), c.source, codes(c.events)]),
        );
  return `## Events consumed\n\n${body}${after ? `\n\n${after}` : ''}`;
}

/** Who reads each event type: services by their own projections, every service by the platform's copies, the gateway. */
export type Readers = ReadonlyMap<string, readonly string[]>;

export function producedSection(service: string, produced: readonly string[], readers: Readers): string {
  if (produced.length === 0) return '## Events produced\n\nNone.';
  const where =
    `On the topic ${code(`agora.${service}.events`)} scaled out (Kafka, \`AGORA_KAFKA_PREFIX\` first), the table ` +
    `${code(`${service}.events`)} embedded; schemas in ${code(`contracts/src/${service}/`)}.`;
  return `## Events produced\n\n${where}\n\n${table(
    ['event', 'read by'],
    produced.map((type) => [code(type), (readers.get(type) ?? []).join(', ') || '—']),
  )}`;
}

export function tablesSection(ownership: Ownership, service: string): string {
  const own = ownership.tables.length ? codes(ownership.tables) : 'none of its own';
  return (
    `## Tables\n\nIn the schema ${code(service)} (scaled out: in the database ${code(`agora_${service}`)}): ${own}; ` +
    "and the platform's in every service's schema ([services/platform](../platform/README.md#tables))."
  );
}

export function serviceBlock(service: string, ownership: Ownership, readers: Readers): string {
  const shared = ownership.shared.length
    ? `And the platform's copies it keeps: ${codes(ownership.shared)} ([services/platform](../platform/README.md#events-consumed)).`
    : "None of the platform's shared copies: it owns those facts.";
  return [
    producedSection(service, ownership.produced, readers),
    consumedSection(ownership.consumed, shared),
    routesSection(ownership.routes),
    tablesSection(ownership, service),
  ].join('\n\n');
}

export function ownedBlockOf(readme: string): string | null {
  const start = readme.indexOf(BLOCK_START);
  const end = readme.indexOf(BLOCK_END);
  if (start < 0 || end < start) return null;
  return readme.slice(start + BLOCK_START.length, end).trim();
}

/** The README with its generated part replaced (or added at the end, the first time). */
export function withOwnedBlock(readme: string, block: string): string {
  const whole = `${BLOCK_START}\n\n${block}\n\n${BLOCK_END}`;
  const start = readme.indexOf(BLOCK_START);
  const end = readme.indexOf(BLOCK_END);
  if (start < 0 || end < start) return `${readme.trimEnd()}\n\n${whole}\n`;
  return `${readme.slice(0, start)}${whole}${readme.slice(end + BLOCK_END.length)}`;
}
