import { lazy, Suspense } from 'react';
import { Loading } from '../guards/guarded';
import type { AskedAnswerProps } from './asked-answer';
import type { AssistantChatProps } from './assistant-chat';
import type { AssistantTurns as Turns } from './assistant-turns';

export type { AskedAnswerProps, AssistantChatProps };

const Chat = lazy(() => import('./assistant-chat').then((m) => ({ default: m.AssistantChat })));
const Asked = lazy(() => import('./asked-answer').then((m) => ({ default: m.AskedAnswer })));
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

/** A question put to the assistant once, its reply streaming in (the search page's AI card), loaded with the chat's parts. */
export function AskedAnswer(props: AskedAnswerProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Asked {...props} />
    </Suspense>
  );
}
