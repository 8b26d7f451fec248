import { CatchUp } from '@agora/contracts';

/**
 * Tells the gateway that this reply's command revoked sessions or changed what they may do, so that it
 * has every service's session facts catch up before answering (docs/adr/0044-catching-up.md).
 */
export function sessionsChanged(reply: { header(name: string, value: string): unknown }): void {
  reply.header(CatchUp.sessionsChangedHeader, '1');
}
