import { QuestionAsked, QuestionEdited, QuestionPurged } from '@agora/contracts';
import { deliveredEvent } from '@agora/test-support/projections';

/** A question's text with the given tags (each slug its own display name). */
const withTags = (tags: string[]) => ({
  title: 'T',
  url_title: 't',
  content: 'c',
  html: 'c',
  tags: tags.map((name) => ({ slug_name: name, display_name: name })),
});

/** posts' events of question `q` at a version of its stream, as the tags projections receive them. */
export const asked = (q: string, version: number, tags: string[]) =>
  deliveredEvent(
    'posts',
    QuestionAsked.type,
    q,
    { question_id: q, user_id: `asker-${q}`, revision_id: `r-${q}-${version}`, ...withTags(tags) },
    version,
  );

export const edited = (q: string, version: number, tags: string[]) =>
  deliveredEvent(
    'posts',
    QuestionEdited.type,
    q,
    { question_id: q, editor_id: `editor-${q}`, revision_id: `r-${q}-${version}`, edit_summary: '', ...withTags(tags) },
    version,
  );

export const purged = (q: string, version: number) =>
  deliveredEvent(
    'posts',
    QuestionPurged.type,
    q,
    { question_id: q, user_id: `asker-${q}`, actor_id: 'm1', answer_ids: [], comment_ids: [], revision_ids: [] },
    version,
  );
