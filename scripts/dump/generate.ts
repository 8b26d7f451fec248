/**
 * npm run dump:generate -- --out <folder> --questions N [--answers-per-question 3] [--comments-per-question 4]
 *                          [--votes-per-question 10] [--members N/5] [--seed 1]
 *
 * Writes a Stack Exchange data dump (Posts, Users, Comments, Votes, Tags, PostHistory, PostLinks and Badges .xml) of
 * any size, streamed and deterministic by seed, for `npm run agora -- import stackexchange <folder>` and the import
 * benchmark (docs/adr/0094-importing-a-community.md).
 */
import { parseArgs } from 'node:util';
import { DUMP_RATIOS, writeStackExchangeDump } from './write-dump';

const USAGE = `Usage: npm run dump:generate -- --out <folder> --questions N [options]
  --questions              questions to write (required)
  --answers-per-question   mean answers per question (default ${DUMP_RATIOS.answers})
  --comments-per-question  mean comments per question, spread over it and its answers (default ${DUMP_RATIOS.comments})
  --votes-per-question     mean votes per question and its answers (default ${DUMP_RATIOS.votes})
  --members                members (default questions x ${DUMP_RATIOS.members}, at least 2)
  --seed                   the PRNG seed: the same seed writes the same files (default 1)
`;

function number(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number >= 0`);
  return value;
}

try {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      questions: { type: 'string' },
      'answers-per-question': { type: 'string' },
      'comments-per-question': { type: 'string' },
      'votes-per-question': { type: 'string' },
      members: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  if (!values.out || values.questions === undefined) throw new Error('--out and --questions are required');
  const questions = Math.floor(number('questions', values.questions, 0));
  const started = performance.now();
  const counts = await writeStackExchangeDump({
    folder: values.out,
    questions,
    answersPerQuestion: number('answers-per-question', values['answers-per-question'], DUMP_RATIOS.answers),
    commentsPerQuestion: number('comments-per-question', values['comments-per-question'], DUMP_RATIOS.comments),
    votesPerQuestion: number('votes-per-question', values['votes-per-question'], DUMP_RATIOS.votes),
    members: Math.floor(number('members', values.members, Math.round(questions * DUMP_RATIOS.members))),
    seed: number('seed', values.seed, 1),
  });
  const seconds = (performance.now() - started) / 1000;
  for (const [file, rows] of Object.entries(counts.files)) process.stdout.write(`${file.padEnd(16)} ${rows} rows\n`);
  process.stdout.write(
    `${questions} questions in ${seconds.toFixed(1)} s (${Math.round(questions / seconds)} questions/s) into ${values.out}\n`,
  );
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(64);
}
