import type { AnswerInfo, QuestionInfo } from '@agora/kit';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const author = (user: QuestionInfo['user_info']) => ({
  '@type': 'Person',
  name: user?.display_name || user?.username || '',
});

/** schema.org `QAPage` data of a question and its answers (docs/adr/0066-server-rendered-public-pages.md). */
export function qaPage(question: QuestionInfo, answers: AnswerInfo[], url: (path: string) => string, path: string) {
  const answer = (a: AnswerInfo) => ({
    '@type': 'Answer',
    text: a.content,
    datePublished: iso(a.create_time),
    upvoteCount: a.vote_count,
    url: url(`${path}#answer-${a.id}`),
    author: author(a.user_info),
  });
  const accepted = answers.find((a) => a.id === question.accepted_answer_id);
  return {
    '@context': 'https://schema.org',
    '@type': 'QAPage',
    mainEntity: {
      '@type': 'Question',
      name: question.title,
      text: question.content,
      answerCount: question.answer_count,
      upvoteCount: question.vote_count,
      datePublished: iso(question.create_time),
      dateModified: iso(Math.max(question.update_time, question.edit_time, question.create_time)),
      author: author(question.user_info),
      ...(accepted ? { acceptedAnswer: answer(accepted) } : {}),
      suggestedAnswer: answers.filter((a) => a !== accepted).map(answer),
    },
  };
}
