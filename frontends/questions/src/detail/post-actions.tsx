import {
  answerApi,
  captchaOn,
  dialogs,
  invalidateKeys,
  type MemberAction,
  moderationApi,
  navigate,
  PlainButton,
  queryKeys,
  questionApi,
  toast,
  useTranslation,
  withCaptcha,
} from '@agora/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ReasonDialog } from './close-dialog';

export interface PostRef {
  kind: 'question' | 'answer';
  questionId: string;
  id: string;
  actions: MemberAction[];
}

/** The member actions the server offers on a question or answer, with their dialogs and toasts. */
export function PostActions({ post }: { post: PostRef }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<'close' | 'flag' | null>(null);
  const refresh = () => invalidateKeys(client, queryKeys.questions(), queryKeys.answers());
  const isQuestion = post.kind === 'question';
  const done = (toastKey?: string) => () => {
    if (toastKey) toast.success(t(toastKey));
    void refresh();
  };
  const confirmThen = (message: string, run: () => Promise<unknown>) =>
    dialogs.confirm(message, () => void run().catch(() => undefined));

  const run = (action: string) => {
    switch (action) {
      case 'edit':
        return navigate(isQuestion ? `/posts/${post.questionId}/edit` : `/posts/${post.questionId}/${post.id}/edit`);
      case 'delete':
        return confirmThen(
          t(isQuestion ? 'ui.detail.delete_question_confirm' : 'ui.detail.delete_answer_confirm'),
          () =>
            withCaptcha('delete', captchaOn(), (fields) =>
              isQuestion ? questionApi.remove(post.id, fields) : answerApi.remove(post.id, fields),
            ).then(done(isQuestion ? 'ui.toast.post_deleted' : 'ui.toast.answer_deleted')),
        );
      case 'undelete':
        return confirmThen(t('ui.detail.undelete_confirm'), () =>
          (isQuestion ? questionApi.recover(post.id) : answerApi.recover(post.id)).then(done()),
        );
      case 'reopen':
        return confirmThen(t('ui.detail.reopen_confirm'), () =>
          questionApi.reopen(post.id).then(done('ui.toast.reopened')),
        );
      case 'pin':
      case 'unpin':
      case 'hide':
      case 'show':
        return confirmThen(t(`ui.detail.${action}_confirm`), () =>
          questionApi.operate(post.id, action).then(done(TOASTS[action])),
        );
      case 'close':
        return setDialog('close');
      case 'report':
        return setDialog('flag');
    }
  };
  return (
    <>
      {post.actions.map((a) => (
        <PlainButton
          key={a.action}
          tone={a.action === 'delete' ? 'error' : 'inherit'}
          onClick={() => run(a.action)}
          data-testid={`action-${a.action}`}
        >
          {t(`ui.actions.${a.action}`, { defaultValue: a.name })}
        </PlainButton>
      ))}
      {dialog === 'close' ? (
        <ReasonDialog
          objectType="question"
          action="close"
          onClose={() => setDialog(null)}
          onSubmit={(reason, content) => questionApi.close(post.id, reason, content).then(done())}
        />
      ) : null}
      {dialog === 'flag' ? (
        <ReasonDialog
          objectType={post.kind}
          action="flag"
          onClose={() => setDialog(null)}
          onSubmit={(reason, content) =>
            withCaptcha('report', captchaOn(), (fields) =>
              moderationApi.report({ object_id: post.id, report_type: reason, content }, fields),
            ).then(done('ui.toast.flag_thanks'))
          }
        />
      ) : null}
    </>
  );
}

const TOASTS = {
  pin: 'ui.toast.post_pinned',
  unpin: 'ui.toast.post_unpinned',
  hide: 'ui.toast.post_hidden',
  show: 'ui.toast.post_shown',
} as const;
