import { lazy, Suspense } from 'react';
import { Loading } from '../guards/guarded';
import type { AssistantChatProps } from './assistant-chat';
import type { AssistantTurns as Turns } from './assistant-turns';

export type { AssistantChatProps };

const Chat = lazy(() => import('./assistant-chat').then((m) => ({ default: m.AssistantChat })));
const TurnsList = lazy(() => import('./assistant-turns').then((m) => ({ default: m.AssistantTurns })));

/** The AI assistant's chat, loaded when a page or the floating panel first shows it (it stays out of the cold-load JS). */
export function AssistantChat(props: AssistantChatProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Chat {...props} />
    </Suspense>
  );
}

/** A stored conversation to read only, loaded with the chat's parts. */
export function AssistantTurns(props: Parameters<typeof Turns>[0]) {
  return (
    <Suspense fallback={<Loading />}>
      <TurnsList {...props} />
    </Suspense>
  );
}
