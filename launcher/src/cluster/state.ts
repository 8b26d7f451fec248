import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RestartRecord } from './restart-record';
import type { Role } from './topology';

/** What a running cluster's supervisor writes for `cluster status` and `cluster down`. */
export interface ClusterState {
  supervisorPid: number;
  /** Every process was healthy once: `cluster up` returns. */
  ready: boolean;
  runDir: string;
  startedInfra: boolean;
  /** The supervisor starts again what ends on its own (docs/adr/0091-cluster-supervisor-restarts.md). */
  restarts?: boolean;
  gatewayUrls: string[];
  budget: { processes: number; held: number; most: number };
  processes: Array<{
    name: string;
    role: Role;
    port: number;
    operatorPort: number | null;
    pid: number | null;
    log: string;
    /** Absent in the state of a supervisor from before restarts. */
    supervision?: RestartRecord;
  }>;
  /** What else the supervisor started and keeps: its PostgreSQL, and Kafka and OpenSearch when it started them. */
  infra?: InfraState[];
}

export interface InfraState {
  name: string;
  pid: number | null;
  /** `host:port`, or OpenSearch's URL. */
  address: string;
  supervision: RestartRecord;
}

export const stateFileOf = (runDir: string) => path.join(runDir, 'cluster.json');

/**
 * Writes the state whole or not at all (a file beside it, renamed over it): it changes at every start and exit,
 * while `cluster status` may be reading it.
 */
export function writeState(state: ClusterState): void {
  const file = stateFileOf(state.runDir);
  const next = `${file}.${process.pid}.next`;
  writeFileSync(next, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(next, file);
}

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
