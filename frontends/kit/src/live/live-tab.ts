import { Limits } from '@agora/contracts/limits';
import type { LiveMessage } from '@agora/contracts/live/messages';
import { STORAGE_KEYS } from '../storage';
import { createStore } from '../store';
import { LiveConnection } from './live-connection';
import { IDLE, type LiveState, type RelayPost } from './relay-messages';
import { SeenMessages } from './seen-messages';
import { TopicCounts } from './topic-counts';
import { TopicUnion } from './topic-union';

export interface TopicHandler {
  onMessage(message: LiveMessage): void;
  /** The page's reads are to be done again (the stream could not resume, the topic was refused). */
  onReload?(): void;
}

const CHANNEL = 'agora-live';
const LEADER_LOCK = 'agora-live-leader';

const sameState = (a: LiveState, b: LiveState) =>
  a.phase === b.phase && a.granted.length === b.granted.length && a.granted.every((t, i) => t === b.granted[i]);

/**
 * One tab's side of the browser's one stream. The tab holding the Web Lock leads: it opens the stream for the union
 * of every tab's topics and relays each message and state over a BroadcastChannel; the others send it their topics.
 * A closed leader's lock passes to another tab, which asks every tab for its topics and resumes from the last id
 * relayed. Without Web Locks or BroadcastChannel each tab leads alone.
 */
export class LiveTab {
  readonly state = createStore<LiveState>(IDLE);
  private readonly id = Math.random().toString(36).slice(2);
  private readonly counts = new TopicCounts();
  private readonly handlers = new Map<string, Set<TopicHandler>>();
  private readonly seen = new SeenMessages(Limits.liveClient.seenMessages);
  private lastId: string | null = null;
  private channel: BroadcastChannel | null = null;
  private leader: { union: TopicUnion; connection: LiveConnection } | null = null;
  private started = false;

  subscribe(topic: string, handler: TopicHandler): () => void {
    this.start();
    const set = this.handlers.get(topic) ?? new Set();
    set.add(handler);
    this.handlers.set(topic, set);
    if (this.counts.add(topic)) this.announce();
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(topic);
      if (this.counts.remove(topic)) this.announce();
    };
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (typeof BroadcastChannel !== 'undefined' && locks) {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (event: MessageEvent<RelayPost>) => this.receive(event.data);
      void locks.request(LEADER_LOCK, () => {
        this.lead();
        // Held while the tab lives: the browser lets it go when the tab closes.
        return new Promise<never>(() => {});
      });
    } else {
      this.lead();
    }
    window.addEventListener('pagehide', () => this.post({ kind: 'bye', tab: this.id }));
    // Back from the back-forward cache: the leader forgot this tab's topics at its `bye`.
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) this.announce();
    });
    // Signed in or out in another tab: the stream's token changed.
    window.addEventListener('storage', (event) => {
      if (event.key === STORAGE_KEYS.token) this.leader?.connection.restart();
    });
  }

  private lead(): void {
    const union = new TopicUnion();
    const connection = new LiveConnection({
      message: (message, id) => {
        this.lastId = id || this.lastId;
        this.post({ kind: 'message', message, id });
        this.deliver(message);
      },
      state: (state, id) => {
        this.lastId = id ?? this.lastId;
        this.post({ kind: 'state', state, id });
        this.setState(state);
      },
      reload: (topics) => {
        this.post({ kind: 'reload', topics });
        this.reload(topics);
      },
      refused: (topics) => {
        union.refuse(topics);
        this.post({ kind: 'reload', topics });
        this.reload(topics);
      },
    });
    connection.resumeFrom(this.lastId);
    this.leader = { union, connection };
    union.set(this.id, this.counts.list());
    this.post({ kind: 'leader', tab: this.id });
    connection.setTopics(union.topics());
  }

  /** This tab's topics changed: the leader's union follows. */
  private announce(): void {
    const topics = this.counts.list();
    if (!this.started) return;
    if (this.leader) {
      this.leader.union.set(this.id, topics);
      this.leader.connection.setTopics(this.leader.union.topics());
    } else {
      this.post({ kind: 'topics', tab: this.id, topics });
    }
  }

  private receive(post: RelayPost): void {
    const leader = this.leader;
    switch (post.kind) {
      case 'topics':
      case 'bye':
        if (!leader) return;
        if (post.kind === 'topics') leader.union.set(post.tab, post.topics);
        else leader.union.drop(post.tab);
        leader.connection.setTopics(leader.union.topics());
        // A tab that just came learns where the stream stands.
        if (post.kind === 'topics') this.post({ kind: 'state', state: this.state.get(), id: this.lastId });
        return;
      case 'leader':
        if (!leader) this.post({ kind: 'topics', tab: this.id, topics: this.counts.list() });
        return;
      case 'message':
        this.lastId = post.id || this.lastId;
        this.deliver(post.message);
        return;
      case 'state':
        this.lastId = post.id ?? this.lastId;
        this.setState(post.state);
        return;
      case 'reload':
        this.reload(post.topics);
        return;
    }
  }

  private post(post: RelayPost): void {
    this.channel?.postMessage(post);
  }

  private setState(state: LiveState): void {
    if (!sameState(state, this.state.get())) this.state.set(state);
  }

  private deliver(message: LiveMessage): void {
    if (!this.seen.firstTime(message)) return;
    for (const handler of [...(this.handlers.get(message.topic) ?? [])]) handler.onMessage(message);
  }

  private reload(topics: string[]): void {
    for (const topic of topics) for (const handler of [...(this.handlers.get(topic) ?? [])]) handler.onReload?.();
  }
}

let tab: LiveTab | null = null;

/** The tab's one LiveTab; nothing opens until a page follows a topic. */
export function liveTab(): LiveTab {
  tab ??= new LiveTab();
  return tab;
}
