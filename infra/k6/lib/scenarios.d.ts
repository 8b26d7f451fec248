/** Types of `scenarios.js`. */
import type { LoadRequest, LoadResponse } from './api.js';
import type { Random } from './random.js';

export interface Member {
  email: string;
  token: string;
}

/** What the setup read and made, handed to every user. */
export interface SetupData {
  runId: string;
  questionIds: string[];
  answerIds: string[];
  tagSlugs: string[];
  words: string[];
  listPages: number;
  members: Member[];
}

export interface VirtualUser {
  id: number;
  data: SetupData;
  random: Random;
  token: string | undefined;
  own: { answered: Record<string, boolean>; voted: Record<string, boolean>; bookmarked: Record<string, boolean> };
}

export interface Action {
  kind: string;
  weight: number;
  as: 'anonymous' | 'member';
  needs?: (data: SetupData) => boolean;
  request(user: VirtualUser): LoadRequest;
  record?(user: VirtualUser, request: LoadRequest, response: LoadResponse): void;
}

export interface Thresholds {
  p95Ms: number;
  p99Ms: number;
  /** The share of failed requests allowed (0.001: 0.1 %). */
  errorRate: number;
}

export interface Scenario {
  name: string;
  description: string;
  members: boolean;
  privilegeLevel?: number;
  users: number;
  duration: string;
  thinkSeconds: { min: number; max: number };
  thresholds: Thresholds;
  actions: Action[];
}

export declare const SCENARIOS: Record<'browsing' | 'writing' | 'notifications' | 'day', Scenario>;
export declare const SCENARIO_NAMES: Array<keyof typeof SCENARIOS>;
export declare function actionsFor(scenario: Scenario, data: SetupData): Action[];
export declare function newUser(id: number, data: SetupData, random: Random): VirtualUser;
export declare function requestOf(action: Action, user: VirtualUser): LoadRequest;
