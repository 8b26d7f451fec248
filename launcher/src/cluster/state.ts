import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Role } from './topology';

/** What a running cluster's supervisor writes for `cluster status` and `cluster down`. */
export interface ClusterState {
  supervisorPid: number;
  /** Every process was healthy once: `cluster up` returns. */
  ready: boolean;
  runDir: string;
  startedInfra: boolean;
  gatewayUrls: string[];
  budget: { processes: number; held: number; most: number };
  processes: Array<{
    name: string;
    role: Role;
    port: number;
    operatorPort: number | null;
    pid: number | null;
    log: string;
  }>;
}

export const stateFileOf = (runDir: string) => path.join(runDir, 'cluster.json');

export function readState(runDir: string): ClusterState | null {
  const file = stateFileOf(runDir);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as ClusterState;
}

/** Whether a process of this id is alive (signal 0 checks without sending anything). */
export function alive(pid: number | null): boolean {
  if (pid === null) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
