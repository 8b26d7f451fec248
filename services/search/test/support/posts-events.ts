import type { Db, StoredEvent } from '@agora/platform';
import { deliveredEvent } from '@agora/test-support/projections';
import { postDocumentsProjection } from '../../src/projections/documents/posts';

/** A posts event as the bus delivers it. */
export function postsEvent(type: string, streamId: string, version: number, data: object): StoredEvent {
  return deliveredEvent('posts', type, streamId, data, version);
}

export const asked = (id: string, title: string, content: string, tags: string[] = ['kafka']) =>
  postsEvent('posts.question_asked', id, 1, {
    question_id: id,
    user_id: 'user-1',
    revision_id: `r-${id}`,
    title,
    url_title: title.toLowerCase().replace(/\W+/g, '-'),
    content,
    html: `<p>${content}</p>`,
    tags: tags.map((slug_name) => ({ slug_name, display_name: slug_name })),
  });

export const answered = (id: string, questionId: string, content: string) =>
  postsEvent('posts.answer_posted', id, 1, {
    answer_id: id,
    question_id: questionId,
    user_id: 'user-2',
    revision_id: `r-${id}`,
    content,
    html: `<p>${content}</p>`,
  });

export const edited = (id: string, version: number, title: string, content: string) =>
  postsEvent('posts.question_edited', id, version, {
    question_id: id,
    editor_id: 'user-1',
    revision_id: `r-${id}-${version}`,
    edit_summary: '',
    title,
    url_title: title.toLowerCase().replace(/\W+/g, '-'),
    content,
    html: `<p>${content}</p>`,
    tags: [{ slug_name: 'kafka', display_name: 'kafka' }],
  });

/** Applies events through the search read model's own projection, in one transaction. */
export async function project(db: Db, events: StoredEvent[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const event of events) await postDocumentsProjection.apply(event, tx);
  });
}
