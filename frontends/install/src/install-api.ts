import { Limits } from '@agora/contracts';
import { INSTALLATION_PREFIX } from '@agora/contracts/install/constants';
import type { CheckConfigFileResp, CheckDatabaseReq, CheckDatabaseResp, InitBaseInfoReq } from '@agora/kit';
import { api } from '@agora/kit';

/** Failures are the wizard's to show (field errors in place, alerts above the step). */
const quiet = { silent: true } as const;
const slow = { ...quiet, timeoutMs: Limits.timing.installRequestTimeoutMs } as const;
const path = (route: string) => `${INSTALLATION_PREFIX}/${route}`;

/** The installation API (`/installation/*`). */
export const installApi = {
  languageOptions: () => api.get<{ label: string; value: string }[]>(path('language/options'), quiet),
  checkConfigFile: () => api.post<CheckConfigFileResp>(path('config-file/check'), undefined, quiet),
  checkDatabase: (body: CheckDatabaseReq) => api.post<CheckDatabaseResp>(path('db/check'), body, quiet),
  init: (body: CheckDatabaseReq) => api.post<null>(path('init'), body, slow),
  baseInfo: (body: InitBaseInfoReq) => api.post<null>(path('base-info'), body, slow),
};
