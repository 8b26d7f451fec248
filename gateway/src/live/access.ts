import { Live } from '@agora/contracts';
import type { ServiceName } from '../routing-table';
import type { ServiceTransport } from '../transports';

/** The member a stream is for, as identity knows them now. */
export interface LiveMember {
  id: string;
  roleId: number;
  status: string;
}

/** Marks the gateway's own visibility check of a question, which posts does not count as a view. */
export const LIVE_CHECK_HEADER = Live.checkHeader;

const API = '/answer/api/v1';
/** Kept this long, unless the question's status changes first (`forget`, from the log). */
const PUBLIC_ANSWER_MS = 10_000;
const PUBLIC_ANSWERS_MAX = 10_000;

/**
 * Asks the services what a caller may see, as the API itself decides it (docs/adr/0099-live-pages.md): identity's
 * `user/info` for who the caller is (role, status, whether the session stands), posts' `question/info` for whether
 * the caller may see a question.
 */
export class LiveAccess {
  /** Whether the API shows a question to anyone (an anonymous caller), asked at most every 10 s per question. */
  private readonly publicAnswers = new Map<string, { at: number; visible: Promise<boolean> }>();

  constructor(private readonly transports: Partial<Record<ServiceName, ServiceTransport>>) {}

  private get(service: ServiceName, url: string, token: string | undefined, requestId: string) {
    const transport = this.transports[service];
    if (!transport) return null;
    return transport.forward({
      method: 'GET',
      url,
      headers: {
        ...(token ? { authorization: token } : {}),
        'x-request-id': requestId,
        [LIVE_CHECK_HEADER]: '1',
      },
      body: undefined,
    });
  }

  /** The member a token stands for now, or null (no token, signed out, revoked, deleted); throws when unreachable. */
  async member(token: string | undefined, requestId: string): Promise<LiveMember | null> {
    if (!token) return null;
    const response = await this.get('identity', `${API}/user/info`, token, requestId);
    if (response?.status !== 200) return null;
    const data = (JSON.parse(response.body.toString('utf8')) as { data?: Record<string, unknown> | null }).data;
    if (!data || typeof data.id !== 'string') return null;
    return { id: data.id, roleId: Number(data.role_id), status: String(data.status) };
  }

  /**
   * Whether the API shows the question to this caller. What it shows anyone it shows every member, so that answer is
   * asked once for all (kept 10 s, or until the question's status changes: `forget`, told by the log): ten thousand
   * streams reopening at once after a restart ask posts once per question, not once each.
   */
  async question(id: string, token: string | undefined, requestId: string): Promise<boolean> {
    if (await this.publicly(id, requestId)) return true;
    if (!token) return false;
    return this.asks(id, token, requestId);
  }

  /** A question's status changed: whom it shows to may have too. */
  forget(id: string): void {
    this.publicAnswers.delete(id);
  }

  private publicly(id: string, requestId: string): Promise<boolean> {
    const now = Date.now();
    const kept = this.publicAnswers.get(id);
    if (kept && now - kept.at < PUBLIC_ANSWER_MS) return kept.visible;
    if (this.publicAnswers.size >= PUBLIC_ANSWERS_MAX) this.publicAnswers.clear();
    const visible = this.asks(id, undefined, requestId);
    this.publicAnswers.set(id, { at: now, visible });
    visible.catch(() => this.publicAnswers.delete(id));
    return visible;
  }

  private async asks(id: string, token: string | undefined, requestId: string): Promise<boolean> {
    const response = await this.get('posts', `${API}/question/info?id=${encodeURIComponent(id)}`, token, requestId);
    return response?.status === 200;
  }
}
