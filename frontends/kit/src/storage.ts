import { Limits } from '@agora/contracts/limits';

/** Local-storage keys (the reference client's names). */
export const STORAGE_KEYS = {
  token: '_a_ltk_',
  user: '_a_lui_',
  language: '_a_lang_',
  loginRedirect: '_a_rp_',
} as const;

interface Stored<T> {
  value: T;
  expires: number;
}

function area(): globalThis.Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Local storage whose entries expire (stored data expires after 7 days by default). */
export const storage = {
  get<T>(key: string): T | undefined {
    const raw = area()?.getItem(key);
    if (!raw) return undefined;
    try {
      const stored = JSON.parse(raw) as Stored<T>;
      if (typeof stored !== 'object' || stored === null || typeof stored.expires !== 'number') return undefined;
      if (stored.expires <= Date.now()) {
        area()?.removeItem(key);
        return undefined;
      }
      return stored.value;
    } catch {
      return undefined;
    }
  },
  set<T>(key: string, value: T, ttlMs: number = Limits.timing.storedDataExpiryMs): void {
    area()?.setItem(key, JSON.stringify({ value, expires: Date.now() + ttlMs } satisfies Stored<T>));
  },
  remove(key: string): void {
    area()?.removeItem(key);
  },
};
