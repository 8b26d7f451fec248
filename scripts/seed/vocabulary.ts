/**
 * The vocabulary of the demo data: people, and programming topics that read like a real Q&A site.
 * Each topic ties a technology to its tags, the things people try to do with it, the ways it goes
 * wrong, and code that looks like what they would paste.
 */

export const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Amara',
  'Anders',
  'Aiko',
  'Bea',
  'Bruno',
  'Chen',
  'Chioma',
  'Clara',
  'Dmitri',
  'Diego',
  'Elena',
  'Emeka',
  'Farah',
  'Felix',
  'Grace',
  'Hana',
  'Hugo',
  'Ines',
  'Ivan',
  'Jamal',
  'Jana',
  'Joon',
  'Kai',
  'Kofi',
  'Lars',
  'Leila',
  'Lina',
  'Luca',
  'Maya',
  'Mateo',
  'Mei',
  'Nadia',
  'Nils',
  'Noor',
  'Olu',
  'Oskar',
  'Priya',
  'Rafael',
  'Rosa',
  'Sam',
  'Sana',
  'Sofia',
  'Tariq',
  'Tomas',
  'Uma',
  'Vera',
  'Wei',
  'Yara',
  'Yusuf',
  'Zoe',
] as const;

export const LAST_NAMES = [
  'Okafor',
  'Lindqvist',
  'Tanaka',
  'Moreau',
  'Haddad',
  'Kowalski',
  'Nguyen',
  'Rossi',
  'Fernandes',
  'Schmidt',
  'Petrov',
  'Mensah',
  'Kim',
  'Novak',
  'Garcia',
  'Ibrahim',
  'Jensen',
  'Lopez',
  'Müller',
  'Sato',
  'Costa',
  'Bauer',
  'Singh',
  'Dubois',
  'Ali',
  'Varga',
  'Osei',
  'Hansen',
  'Park',
  'Silva',
  'Kaya',
  'Weber',
  'Chowdhury',
  'Eriksen',
  'Mwangi',
  'Ortiz',
  'Hoffmann',
  'Zhang',
  'Adeyemi',
  'Nakamura',
] as const;

export const JOBS = [
  'Backend engineer',
  'Full-stack developer',
  'Site reliability engineer',
  'Data engineer',
  'Frontend developer',
  'Mobile developer',
  'Student of computer science',
  'Database administrator',
  'Platform engineer',
  'Security engineer',
  'Embedded developer',
  'Freelance web developer',
  'Engineering manager',
  'QA engineer',
  'Machine learning engineer',
  'Open-source maintainer',
  'Game developer',
  'DevOps consultant',
] as const;

export const EMPLOYERS = [
  'a logistics startup',
  'a small agency',
  'a public broadcaster',
  'a fintech company',
  'a university lab',
  'a hospital group',
  'an e-commerce shop',
  'a telecom',
  'a climate-data nonprofit',
  'a games studio',
  'a city transport authority',
  'a payments provider',
  'a bookshop chain',
  'a research institute',
] as const;

export const INTERESTS = [
  'I like boring technology that works.',
  'Mostly PostgreSQL and TypeScript these days.',
  'Learning Rust one borrow-checker error at a time.',
  'Interested in distributed systems and observability.',
  'I write about testing and developer experience.',
  'Coffee, bikes and type systems.',
  'Trying to make CI pipelines fast again.',
  'Happy to help with SQL questions.',
  'Accessibility advocate.',
  'I answer questions to learn.',
  'Former sysadmin, now writing Go.',
  'Maintainer of a couple of small npm packages.',
  'Curious about compilers and databases.',
] as const;

export const LOCATIONS = [
  'Lagos',
  'Stockholm',
  'Osaka',
  'Lyon',
  'Beirut',
  'Kraków',
  'Hanoi',
  'Bologna',
  'Porto',
  'Berlin',
  'Sofia',
  'Accra',
  'Seoul',
  'Ljubljana',
  'Valencia',
  'Cairo',
  'Aarhus',
  'Montevideo',
  'Munich',
  'Sapporo',
  'Nairobi',
  'Toronto',
  'Bangalore',
  'São Paulo',
  '',
] as const;

export interface Topic {
  tech: string;
  /** The first tag is the topic's own; the others are drawn from. */
  tags: string[];
  actions: string[];
  symptoms: string[];
  contexts: string[];
  language: string;
  snippets: string[];
  fixes: string[];
}

export const TOPICS: Topic[] = [
  {
    tech: 'PostgreSQL',
    tags: ['postgresql', 'sql', 'indexing', 'performance', 'json'],
    actions: [
      'paginate a large table without OFFSET',
      'index a jsonb column for containment queries',
      'upsert rows and get back the generated ids',
      'run a migration without locking the table',
      'find which query holds a lock',
      'store money amounts safely',
      'count rows quickly on a big table',
    ],
    symptoms: [
      'the planner ignore my partial index',
      'a simple UPDATE block for minutes',
      'VACUUM never finish on one table',
      'my connection pool run out under load',
      'ORDER BY with LIMIT do a sequential scan',
    ],
    contexts: ['the table has 40 million rows', 'autovacuum is on', 'I use pgbouncer in transaction mode'],
    language: 'sql',
    snippets: [
      'SELECT id, title\nFROM questions\nWHERE status = 1\nORDER BY created_at DESC\nLIMIT 20 OFFSET 10000;',
      "CREATE INDEX CONCURRENTLY orders_open ON orders (created_at DESC)\n  WHERE state = 'open';",
      "INSERT INTO tags (slug, name)\nVALUES ('rust', 'Rust')\nON CONFLICT (slug) DO UPDATE SET name = excluded.name\nRETURNING id;",
      'EXPLAIN (ANALYZE, BUFFERS)\nSELECT count(*) FROM events WHERE stream_id = $1;',
    ],
    fixes: [
      'Use keyset pagination: remember the last `(created_at, id)` and ask for rows after it.',
      'The index must match the WHERE clause of the query exactly, or the planner cannot prove it applies.',
      'Take the lock with `lock_timeout` set, so the migration fails fast instead of queueing everyone behind it.',
    ],
  },
  {
    tech: 'TypeScript',
    tags: ['typescript', 'javascript', 'generics', 'node.js', 'types'],
    actions: [
      'narrow a union type by a discriminant field',
      'type a function that returns different shapes',
      'make a deep readonly type',
      'infer the element type of an array',
      'share types between the server and the client',
      'type an event emitter with known events',
    ],
    symptoms: [
      'the compiler say my type is not assignable to never',
      'strictNullChecks complain about a value I just checked',
      'a generic parameter widen to unknown',
      'type inference stop working inside a callback',
    ],
    contexts: ['strict mode is on', 'I upgraded to TypeScript 5', 'the type comes from a JSON schema'],
    language: 'ts',
    snippets: [
      "type Shape =\n  | { kind: 'circle'; radius: number }\n  | { kind: 'square'; side: number };\n\nfunction area(s: Shape) {\n  switch (s.kind) {\n    case 'circle':\n      return Math.PI * s.radius ** 2;\n  }\n}",
      'function first<T>(items: T[]): T | undefined {\n  return items[0];\n}\n\nconst n = first([1, 2, 3]); // number | undefined',
      'type DeepReadonly<T> = {\n  readonly [K in keyof T]: DeepReadonly<T[K]>;\n};',
    ],
    fixes: [
      'Add a `default` branch that assigns the value to `never`; the compiler then tells you which case is missing.',
      'Give the generic a constraint, `<T extends object>`, so it cannot widen to `unknown`.',
      'Move the check into a type guard function returning `value is Foo`.',
    ],
  },
  {
    tech: 'React',
    tags: ['reactjs', 'javascript', 'react-hooks', 'typescript', 'css'],
    actions: [
      'fetch data when a prop changes',
      'debounce a search input',
      'keep form state in the URL',
      'share state between sibling components',
      'lazy-load a route',
    ],
    symptoms: [
      'useEffect run twice on mount',
      'my component re-render on every keystroke',
      'the list lose its scroll position',
      'state update after unmount print a warning',
    ],
    contexts: ['I use React 18 strict mode', 'the data comes from react-query', 'the form has 40 fields'],
    language: 'tsx',
    snippets: [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: code as a user pastes it, not a template
      'useEffect(() => {\n  let cancelled = false;\n  fetch(`/api/items?q=${query}`)\n    .then((r) => r.json())\n    .then((data) => {\n      if (!cancelled) setItems(data);\n    });\n  return () => {\n    cancelled = true;\n  };\n}, [query]);',
      'const value = useMemo(() => expensive(items), [items]);\nconst onChange = useCallback((e) => setText(e.target.value), []);',
    ],
    fixes: [
      'In strict mode React mounts, unmounts and mounts again on purpose; make the effect idempotent and clean up.',
      'Lift the state to the nearest common parent, or put it in a context if many levels need it.',
    ],
  },
  {
    tech: 'Python',
    tags: ['python', 'python-3.x', 'asyncio', 'pandas', 'typing'],
    actions: [
      'read a large CSV in chunks',
      'run blocking code from asyncio',
      'merge two dictionaries recursively',
      'parse dates with time zones',
      'profile a slow script',
    ],
    symptoms: [
      'asyncio.gather hang forever',
      'my virtualenv pick the wrong interpreter',
      'pandas use 10 GB of memory for a 1 GB file',
      'a default mutable argument keep old values',
    ],
    contexts: ['the script runs in a cron job', 'I use Python 3.12', 'the file has 20 million lines'],
    language: 'python',
    snippets: [
      'import pandas as pd\n\nfor chunk in pd.read_csv("events.csv", chunksize=100_000):\n    process(chunk)',
      'async def main():\n    loop = asyncio.get_running_loop()\n    result = await loop.run_in_executor(None, blocking_call, 42)\n    print(result)',
      'def add(item, bucket=[]):\n    bucket.append(item)\n    return bucket',
    ],
    fixes: [
      'Pass `dtype=` and `usecols=` to `read_csv`; the default object columns are what eat the memory.',
      'Use `None` as the default and create the list inside the function.',
    ],
  },
  {
    tech: 'Node.js',
    tags: ['node.js', 'javascript', 'async-await', 'streams', 'npm'],
    actions: [
      'stream a large file to the client',
      'limit concurrency of promises',
      'shut down an HTTP server gracefully',
      'read environment variables safely',
      'use ES modules and CommonJS together',
    ],
    symptoms: [
      'my process exit before the promise resolves',
      'memory grow steadily under load',
      'ERR_REQUIRE_ESM appear after an upgrade',
      'the event loop block for seconds',
    ],
    contexts: ['the server runs on Node 20', 'we deploy in containers', 'the workers use worker_threads'],
    language: 'js',
    snippets: [
      "import { pipeline } from 'node:stream/promises';\nimport { createReadStream } from 'node:fs';\n\nawait pipeline(createReadStream(path), res);",
      "process.on('SIGTERM', async () => {\n  server.close();\n  await pool.end();\n  process.exit(0);\n});",
    ],
    fixes: [
      'Use `stream/promises` `pipeline`: it handles back-pressure and closes both ends on error.',
      'Take a heap snapshot before and after a load test and compare retained sizes.',
    ],
  },
  {
    tech: 'Rust',
    tags: ['rust', 'borrow-checker', 'lifetimes', 'tokio', 'concurrency'],
    actions: [
      'return a reference from a struct method',
      'share a HashMap between threads',
      'convert between error types with ?',
      'iterate over a vector and mutate it',
    ],
    symptoms: [
      'the borrow checker reject a loop that looks fine',
      'a tokio task never get polled',
      'my generic function need a lifetime I cannot name',
    ],
    contexts: ['the struct owns a Vec<String>', 'I use tokio with the multi-threaded runtime', 'I come from C++'],
    language: 'rust',
    snippets: [
      'use std::sync::{Arc, Mutex};\n\nlet counts = Arc::new(Mutex::new(HashMap::new()));\nlet c = Arc::clone(&counts);\nthread::spawn(move || {\n    c.lock().unwrap().insert("a", 1);\n});',
      "fn longest<'a>(a: &'a str, b: &'a str) -> &'a str {\n    if a.len() > b.len() { a } else { b }\n}",
    ],
    fixes: [
      'Wrap the map in `Arc<Mutex<_>>` (or `RwLock` when reads dominate) and clone the `Arc` into each thread.',
      'Implement `From<OtherError>` for your error type, then `?` converts for you.',
    ],
  },
  {
    tech: 'Go',
    tags: ['go', 'goroutines', 'concurrency', 'http', 'testing'],
    actions: [
      'cancel a goroutine with a context',
      'read JSON with unknown fields',
      'write a table-driven test',
      'limit the number of goroutines',
    ],
    symptoms: [
      'my goroutines leak after the request ends',
      'the race detector report a data race on a map',
      'http.Client time out only in production',
    ],
    contexts: ['the handler calls three services', 'we run Go 1.22', 'the service is behind a load balancer'],
    language: 'go',
    snippets: [
      'ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)\ndefer cancel()\n\nreq, _ := http.NewRequestWithContext(ctx, "GET", url, nil)\nresp, err := client.Do(req)',
      'sem := make(chan struct{}, 8)\nfor _, job := range jobs {\n    sem <- struct{}{}\n    go func(j Job) {\n        defer func() { <-sem }()\n        run(j)\n    }(job)\n}',
    ],
    fixes: [
      'Pass the request context down and select on `ctx.Done()` in every loop.',
      'Guard the map with a `sync.Mutex`, or use `sync.Map` for write-once keys.',
    ],
  },
  {
    tech: 'Docker',
    tags: ['docker', 'docker-compose', 'linux', 'networking', 'ci-cd'],
    actions: [
      'make the image smaller with multi-stage builds',
      'cache dependencies between builds',
      'connect two containers on the same network',
      'run the container as a non-root user',
    ],
    symptoms: [
      'the container exit immediately with code 0',
      'my build cache get invalidated on every commit',
      'the app inside the container cannot reach localhost',
    ],
    contexts: ['we build in GitHub Actions', 'the base image is alpine', 'compose starts the database too'],
    language: 'dockerfile',
    snippets: [
      'FROM node:20-alpine AS build\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci\nCOPY . .\nRUN npm run build\n\nFROM node:20-alpine\nCOPY --from=build /app/dist ./dist\nCMD ["node", "dist/main.js"]',
    ],
    fixes: [
      'Copy the lockfile and install before copying the sources, so the dependency layer stays cached.',
      'Inside a container `localhost` is the container itself; use the service name from compose.',
    ],
  },
  {
    tech: 'Kubernetes',
    tags: ['kubernetes', 'docker', 'helm', 'networking', 'devops'],
    actions: [
      'roll out a deployment without downtime',
      'give a pod access to a secret',
      'debug a CrashLoopBackOff',
      'set resource requests and limits sensibly',
    ],
    symptoms: [
      'my pod get OOMKilled although the app uses little memory',
      'readiness probes fail only during rollouts',
      'the service not route traffic to new pods',
    ],
    contexts: ['the cluster runs on EKS', 'we deploy with Helm', 'the app is a JVM service'],
    language: 'yaml',
    snippets: [
      'readinessProbe:\n  httpGet:\n    path: /health/ready\n    port: 8080\n  periodSeconds: 5\nresources:\n  requests:\n    memory: "256Mi"\n  limits:\n    memory: "512Mi"',
    ],
    fixes: [
      'The limit counts the page cache and the runtime overhead too; leave headroom above the heap size.',
      'Add a `preStop` sleep so the endpoints are removed before the process stops taking requests.',
    ],
  },
  {
    tech: 'Git',
    tags: ['git', 'github', 'version-control', 'bash'],
    actions: [
      'undo a pushed commit safely',
      'split a commit into two',
      'find the commit that introduced a bug',
      'rename a branch locally and remotely',
    ],
    symptoms: [
      'git say my branch has diverged after a rebase',
      'a merge conflict keep coming back',
      'the repository grow to several gigabytes',
    ],
    contexts: ['others already pulled the branch', 'the repository has submodules', 'we squash on merge'],
    language: 'bash',
    snippets: [
      'git bisect start\ngit bisect bad HEAD\ngit bisect good v1.4.0\n# test, then mark each step good or bad',
      'git revert --no-edit a1b2c3d\ngit push origin main',
    ],
    fixes: [
      'Use `git revert` on shared branches; it adds a commit instead of rewriting history.',
      'Turn on `rerere` so git remembers how you resolved the conflict.',
    ],
  },
  {
    tech: 'Kafka',
    tags: ['apache-kafka', 'event-sourcing', 'microservices', 'java', 'concurrency'],
    actions: [
      'keep events of one entity in order',
      'make a consumer idempotent',
      'choose the number of partitions',
      'replay a topic from the beginning',
    ],
    symptoms: [
      'my consumer group rebalance constantly',
      'messages get processed twice after a restart',
      'consumer lag grow although CPU is idle',
    ],
    contexts: ['offsets are committed automatically', 'each message triggers a database write', 'we run three brokers'],
    language: 'java',
    snippets: [
      'props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);\nprops.put(ProducerConfig.ACKS_CONFIG, "all");\nproducer.send(new ProducerRecord<>("orders", orderId, payload));',
    ],
    fixes: [
      'Key the messages by entity id; ordering is only guaranteed within a partition.',
      'Store the offset in the same transaction as the write, then a restart cannot double-apply.',
    ],
  },
  {
    tech: 'CSS',
    tags: ['css', 'html', 'flexbox', 'css-grid', 'accessibility'],
    actions: [
      'center a div vertically and horizontally',
      'make a sticky header that does not cover anchors',
      'build a responsive grid without media queries',
      'support dark mode with CSS variables',
    ],
    symptoms: [
      'my flex item overflow its container',
      'position: sticky not work inside a table',
      'the font look blurry after a transform',
    ],
    contexts: ['the layout must work on mobile', 'we use Tailwind', 'the content comes from a CMS'],
    language: 'css',
    snippets: [
      '.grid {\n  display: grid;\n  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));\n  gap: 1rem;\n}',
      '.item {\n  flex: 1 1 0;\n  min-width: 0; /* lets long words shrink */\n}',
    ],
    fixes: [
      'Flex items have `min-width: auto` by default; set `min-width: 0` so they can shrink.',
      'Use `scroll-margin-top` on the targets, equal to the header height.',
    ],
  },
  {
    tech: 'Redis',
    tags: ['redis', 'caching', 'performance', 'node.js'],
    actions: [
      'implement a rate limiter',
      'invalidate cached pages on write',
      'store sessions with an expiry',
      'use Redis as a job queue',
    ],
    symptoms: [
      'keys without TTL fill the memory',
      'latency spike every few minutes',
      'my lock get released by another client',
    ],
    contexts: ['we run Redis Cluster', 'the cache sits in front of PostgreSQL', 'persistence is AOF'],
    language: 'js',
    snippets: [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: code as a user pastes it, not a template
      'const n = await redis.incr(`rate:${ip}:${minute}`);\nif (n === 1) await redis.expire(`rate:${ip}:${minute}`, 60);\nif (n > 100) throw new TooManyRequests();',
    ],
    fixes: [
      'Set the value and the expiry in one command: `SET key value EX 60 NX`.',
      'Store a random token with the lock and only delete it if the token still matches (a Lua script).',
    ],
  },
  {
    tech: 'Spring Boot',
    tags: ['spring-boot', 'java', 'hibernate', 'rest', 'testing'],
    actions: [
      'validate a request body',
      'configure two data sources',
      'write an integration test with a real database',
      'return problem details for errors',
    ],
    symptoms: [
      'Hibernate run N+1 queries for a simple list',
      'the application context fail to start in tests',
      'LazyInitializationException appear outside the transaction',
    ],
    contexts: ['we use Spring Boot 3', 'the entities have bidirectional relations', 'tests use Testcontainers'],
    language: 'java',
    snippets: [
      '@GetMapping("/orders/{id}")\npublic OrderDto get(@PathVariable long id) {\n    return orders.findById(id)\n        .map(OrderDto::from)\n        .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));\n}',
    ],
    fixes: [
      'Fetch the association in the query with `join fetch`, or use an entity graph.',
      'Map to a DTO inside the transaction instead of returning entities.',
    ],
  },
  {
    tech: 'regular expressions',
    tags: ['regex', 'javascript', 'python', 'unicode'],
    actions: [
      'match a word that is not inside quotes',
      'validate an e-mail address reasonably',
      'split on commas except inside parentheses',
      'match accented letters',
    ],
    symptoms: [
      'my regex take forever on some inputs',
      'the global flag make test() alternate between true and false',
      '\\w not match letters like é',
    ],
    contexts: ['the input comes from users', 'the pattern runs in the browser', 'the text is multilingual'],
    language: 'js',
    snippets: [
      "const re = /\\p{L}+/gu;\nconsole.log('café naïve'.match(re)); // ['café', 'naïve']",
      'const re = /^(a+)+$/;\nre.test("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"); // catastrophic backtracking',
    ],
    fixes: [
      'Nested quantifiers backtrack exponentially; rewrite `(a+)+` as `a+`.',
      'Use the `u` flag and `\\p{L}` for letters in any script.',
    ],
  },
  {
    tech: 'GitHub Actions',
    tags: ['github-actions', 'ci-cd', 'yaml', 'docker', 'testing'],
    actions: [
      'cache node_modules between runs',
      'run a job only when some files change',
      'share a build artefact between jobs',
      'run tests against a PostgreSQL service',
    ],
    symptoms: [
      'the workflow not trigger on pull requests from forks',
      'secrets are empty in my workflow',
      'the cache never hit',
    ],
    contexts: ['the repository is a monorepo', 'we use a matrix of Node versions', 'the runner is self-hosted'],
    language: 'yaml',
    snippets: [
      'jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-node@v4\n        with:\n          node-version: 20\n          cache: npm\n      - run: npm ci && npm test',
    ],
    fixes: [
      'Secrets are not passed to workflows triggered from forks; that is a security feature.',
      "Key the cache on the lockfile hash, `hashFiles('**/package-lock.json')`.",
    ],
  },
];

/** Sentences that make bodies read like people wrote them. */
export const OPENINGS = [
  'I have been stuck on this for a day now.',
  'This is probably simple, but I cannot find it in the docs.',
  'We hit this in production last week.',
  'I am new to {tech} and trying to understand the right approach.',
  'Our team is migrating an older service and ran into this.',
  'I have read the related questions, but none of them matches my case.',
] as const;

export const TRIED = [
  'restarting everything',
  'reading the official documentation twice',
  'the top answer of a similar question',
  'upgrading to the latest version',
  'adding more logging around the call',
  'a minimal reproduction in a fresh project',
  'turning the feature off and on again',
] as const;

export const CLOSINGS = [
  'What am I missing?',
  'Is there a cleaner way to do this?',
  'Any pointers are appreciated.',
  'Is this a bug or expected behaviour?',
  'How would you approach this?',
] as const;

export const ANSWER_OPENINGS = [
  'I ran into the same thing.',
  'Short answer: yes, but not the way you try it.',
  'The documentation is a bit misleading here.',
  'This is expected behaviour, and there is a good reason for it.',
  'There are two separate problems in your snippet.',
  'You are close.',
] as const;

export const ANSWER_CLOSINGS = [
  'This has worked well for us in production for a year.',
  'Measure before and after; the difference should be obvious.',
  'Note that this changed in the last major version.',
  'See the changelog of the release that introduced it for the details.',
  'Hope this helps.',
] as const;

export const COMMENTS = [
  'Could you share the exact version you are using?',
  'Thanks, this fixed it for me.',
  'What does the error log say?',
  'Have you tried a minimal reproduction?',
  'This saved me a lot of time, thank you!',
  'I would add that this also applies to the async variant.',
  'Can you post the full stack trace?',
  'Does this still hold in the latest release?',
  'Good point, I had not considered the edge case with empty input.',
  'Possible duplicate of the question about connection pooling.',
  'Works, but be careful with large inputs.',
  'Which operating system is this on?',
] as const;
