/**
 * The vector worker when Agora runs from its TypeScript sources (tsx, vitest): a worker thread starts without the
 * parent's TypeScript loader, so this registers tsx's and then loads the worker's source. The built server starts
 * its bundle's `semantic-worker.js` instead (vector-jobs.ts).
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
