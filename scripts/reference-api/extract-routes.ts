/**
 * Writes `docs/reference/api-routes.json`, the reference API's routes and the shapes of their answers, from the
 * reference's compact API description (a markdown file given as the argument). Run once, when that description
 * changes; the route coverage test (`launcher/test/api-coverage.int.test.ts`) reads the JSON:
 *
 *   npx tsx scripts/reference-api/extract-routes.ts <path to the reference's API markdown>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseApiReference } from './parse-api-md';

const input = process.argv[2];
if (!input) {
  process.stderr.write('usage: tsx scripts/reference-api/extract-routes.ts <reference API markdown>\n');
  process.exit(2);
}
const markdown = readFileSync(input, 'utf8');
const title = /^# (.*)$/m.exec(markdown)?.[1] ?? 'reference API';
const commit = /at commit `([0-9a-f]+)` \(([^)]+)\)/.exec(markdown);
const source = commit ? `${title}, read at commit ${commit[1]} (${commit[2]})` : title;
const list = parseApiReference(markdown, source);
const output = path.join(import.meta.dirname, '../../docs/reference/api-routes.json');
// One route, one schema per line: a change to the reference shows as a change to its lines.
const lines = (entries: string[]) => entries.map((entry) => `    ${entry}`).join(',\n');
writeFileSync(
  output,
  `{\n  "source": ${JSON.stringify(list.source)},\n  "routes": [\n${lines(list.routes.map((r) => JSON.stringify(r)))}\n  ],\n` +
    `  "schemas": {\n${lines(Object.entries(list.schemas).map(([name, fields]) => `${JSON.stringify(name)}: ${JSON.stringify(fields)}`))}\n  }\n}\n`,
);
process.stdout.write(`${list.routes.length} routes, ${Object.keys(list.schemas).length} schemas -> ${output}\n`);
