import type { CheckConfigFileResp, CheckDatabaseReq, CheckDatabaseResp, InitBaseInfoReq } from '@agora/contracts';

/**
 * What the installation API (`/installation/*`) does, behind its routes: the launcher's installer while
 * Agora is not installed (docs/adr/0060-installer.md), the site service's refusals once it is.
 * Each method answers, or throws the `ApiError` the client is shown.
 */
export interface Installation {
  checkConfigFile(): Promise<CheckConfigFileResp>;
  checkDatabase(request: CheckDatabaseReq): Promise<CheckDatabaseResp>;
  init(request: CheckDatabaseReq): Promise<void>;
  baseInfo(request: InitBaseInfoReq): Promise<void>;
}
