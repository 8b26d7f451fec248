/** Types of `setup.js`. */
import type { LoadRequest, LoadResponse } from './api.js';
import type { Scenario, SetupData } from './scenarios.js';

export interface SetupSettings {
  users: number;
  adminEmail: string;
  adminPassword: string;
  memberPassword: string;
  memberPrefix: string;
  runId: string;
}

export declare const LIST_PAGE_SIZE: number;
export declare const MEMBER_PASSWORD: string;
export declare function wordsOf(titles: readonly string[]): string[];
export declare function prepare(
  scenario: Scenario,
  settings: SetupSettings,
): Generator<LoadRequest, SetupData, LoadResponse>;
export declare function runSynchronously<T>(
  steps: Generator<LoadRequest, T, LoadResponse>,
  sendRequest: (request: LoadRequest) => LoadResponse,
): T;
