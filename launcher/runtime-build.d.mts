/** Types of runtime-build.mjs, for the TypeScript that calls it (tests, their global setup). */
export declare const ENTRIES: ReadonlyArray<{ source: string; outdir: string; workers: Record<string, string> }>;
/** Whether a bundle is missing or any file the last build read has changed (or gone). */
export declare function runtimeIsStale(): boolean;
export declare function buildRuntime(): Promise<{ ms: number; files: number }>;
/** Builds when stale (or always, without `ifStale`); true when it built. */
export declare function ensureRuntimeBuild(options?: {
  ifStale?: boolean;
  say?: (line: string) => void;
}): Promise<boolean>;
/** The stamp of the last build: the hash of the files it read, and those files (relative to the repository). */
export declare function readStamp(): { hash: string; inputs: string[] } | null;
