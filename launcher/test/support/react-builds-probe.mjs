// Loaded with `node --import` by production-mode.int.test.ts: when the process ends, it reports NODE_ENV and
// which of React's files ran. Node's ESM loader also reads (without running) the other build of a CommonJS
// module it analyses, so only modules that finished loading count.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

process.on('exit', () => {
  const ran = Object.entries(require.cache)
    .filter(([file, module]) => module?.loaded && /node_modules\/react(-dom)?\//.test(file))
    .map(([file]) => file.slice(file.lastIndexOf('node_modules/') + 'node_modules/'.length));
  process.stderr.write(`\nREACT-BUILDS ${JSON.stringify({ nodeEnv: process.env.NODE_ENV ?? null, ran })}\n`);
});
