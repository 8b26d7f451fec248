import { PostStatus } from '@agora/contracts/posts/status';
import {
  type AnswerInfo,
  answerApi,
  type CommentItem,
  CommentList,
  invalidateKeys,
  LinkButton,
  PlainButton,
  PlainChip,
  PostHtml,
  type QuestionInfo,
  queryKeys,
  questionPath,
  ShareMenu,
  useAction,
  usePermalink,
  useTranslation,
  useUser,
} from '@agora/kit';
import Check from '@mui/icons-material/Check';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { BookmarkButton } from './bookmark-button';
import { PostActions } from './post-actions';
import { PostAuthor } from './post-author';
import { ReactionBar } from './reaction-bar';
import { VoteButtons } from './vote-buttons';

/** One answer: votes, body, accepted marker and the asker's accept toggle, bookmark, share, actions, comments. */
export function AnswerView({
  answer,
  question,
  answersKey,
  highlighted,
  onReport,
}: {
  answer: AnswerInfo;
  question: QuestionInfo;
  answersKey: QueryKey;
  highlighted: boolean;
  onReport: (comment: CommentItem) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useUser();
  const permalink = usePermalink();
  const accepted = answer.accepted === 2 || question.accepted_answer_id === answer.id;
  const patch = (change: Partial<AnswerInfo>) =>
    client.setQueryData<{ count: number; list: AnswerInfo[] }>(answersKey, (page) =>
      page ? { ...page, list: page.list.map((a) => (a.id === answer.id ? { ...a, ...change } : a)) } : page,
    );
  const accept = useAction(
    () => answerApi.accept(question.id, accepted ? '0' : answer.id),
    () => invalidateKeys(client, queryKeys.questionInfos(), queryKeys.answerPages()),
  );
  const isAsker = user?.id === question.user_info?.id;
  // Bare elements with the kit's static classes: a page draws every answer (docs/adr/0083-plain-post-parts.md).
  return (
    <article
      className={highlighted ? 'ag-post ag-post--highlighted' : 'ag-post'}
      id={`answer-${answer.id}`}
      data-testid="answer"
      data-answer-id={answer.id}
    >
      <div className="ag-post__row">
        <div className="ag-post__side">
          <VoteButtons
            objectId={answer.id}
            authorId={answer.user_info?.id}
            votes={answer.vote_count}
            status={answer.vote_status}
            locked={answer.status === PostStatus.pending}
            onVoted={(r) => patch({ vote_count: r.votes, vote_status: r.vote_status })}
          />
          {accepted ? (
            <PlainChip tone="success" icon={Check} label={t('ui.detail.accepted')} data-testid="accepted" />
          ) : null}
        </div>
        <div className="ag-post__main">
          {answer.status === PostStatus.deleted ? (
            <PlainChip tone="warning" spaced label={t('ui.detail.deleted')} />
          ) : null}
          {answer.status === PostStatus.pending ? (
            <PlainChip tone="info" spaced label={t('ui.detail.pending')} data-testid="answer-pending" />
          ) : null}
          <PostHtml html={answer.html} testId="answer-body" />
          <div className="ag-post__actions">
            <ReactionBar
              objectId={answer.id}
              locked={answer.status !== PostStatus.available || question.status === PostStatus.deleted}
            />
            {isAsker && question.status !== PostStatus.deleted ? (
              <PlainButton
                tone="success"
                variant={accepted ? 'contained' : 'outlined'}
                onClick={() => accept.run()}
                disabled={accept.pending}
                data-testid="accept"
              >
                {t(accepted ? 'ui.detail.unaccept' : 'ui.detail.accept')}
              </PlainButton>
            ) : null}
            {answer.status === PostStatus.pending ? null : (
              <>
                <BookmarkButton
                  objectId={answer.id}
                  collected={answer.collected}
                  count={0}
                  onChange={(collected) => patch({ collected })}
                />
                <ShareMenu
                  path={questionPath(permalink, question.id, question.url_title, answer.id)}
                  title={question.title}
                />
              </>
            )}
            <PostActions
              post={{ kind: 'answer', questionId: question.id, id: answer.id, actions: answer.member_actions ?? [] }}
            />
            {user ? (
              <LinkButton to={`/posts/${question.id}/${answer.id}/timeline`} size="small" color="inherit">
                {t('ui.detail.timeline')}
              </LinkButton>
            ) : null}
          </div>
          <div className="ag-post__bylines">
            <PostAuthor user={answer.user_info} label={t('ui.detail.answered')} time={answer.create_time} />
          </div>
          <CommentList objectId={answer.id} onReport={onReport} />
        </div>
      </div>
    </article>
  );
}
