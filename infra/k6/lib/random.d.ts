/** Types of `random.js`. */
export type Random = () => number;
export declare function pick<T>(items: readonly T[], random: Random): T;
export declare function pickWeighted<T extends { weight: number }>(actions: readonly T[], random: Random): T;
export declare function thinkSeconds(range: { min: number; max: number }, random: Random): number;
export declare function between(min: number, max: number, random: Random): number;
