import type {
  EventOf,
  TagCreated,
  TagDeleted,
  TagEdited,
  TagMerged,
  TagRevisionRejected,
  TagRevisionSubmitted,
  TagSynonymLinked,
  TagSynonymsSet,
  TagSynonymUnlinked,
  TagUndeleted,
} from '@agora/contracts';
import { type Decider, errors } from '@agora/platform';

export type TagEvent =
  | EventOf<typeof TagCreated>
  | EventOf<typeof TagEdited>
  | EventOf<typeof TagRevisionSubmitted>
  | EventOf<typeof TagRevisionRejected>
  | EventOf<typeof TagDeleted>
  | EventOf<typeof TagUndeleted>
  | EventOf<typeof TagSynonymsSet>
  | EventOf<typeof TagSynonymLinked>
  | EventOf<typeof TagSynonymUnlinked>
  | EventOf<typeof TagMerged>;

export interface TagContent {
  slug_name: string;
  display_name: string;
  original_text: string;
  parsed_text: string;
}

export interface TagState extends TagContent {
  id: string | null;
  deleted: boolean;
  /** Set when this tag is a synonym: the tag it stands for. */
  mainTagId: string | null;
  synonymIds: string[];
  pendingRevisionId: string | null;
  /** The suggested edit waiting for review: what an approval applies. */
  pendingRevision: { id: string; editorId: string; editSummary: string; content: TagContent } | null;
}

export type TagCommand =
  | {
      type: 'create';
      tagId: string;
      userId: string;
      revisionId: string;
      questionId: string | null;
      content: TagContent;
    }
  | {
      type: 'edit';
      editorId: string;
      revisionId: string;
      editSummary: string;
      direct: boolean;
      content: TagContent;
      /** Questions filed under the tag (a read-model fact, handed in by the command handler). */
      questionCount: number;
    }
  | { type: 'delete'; actorId: string; questionCount: number }
  | { type: 'undelete'; actorId: string }
  | { type: 'set_synonyms'; actorId: string; synonymIds: string[] }
  | { type: 'link'; actorId: string; mainTagId: string }
  | { type: 'unlink'; actorId: string; mainTagId: string }
  | {
      type: 'merge';
      actorId: string;
      /** The tag this one is merged into, as the read model has it. */
      target: MergeTarget;
      /** This tag's main tag's slug when the read model has it as a synonym (for the refusal's message). */
      mainSlug: string | null;
    }
  /** A synonym of a merged tag goes with it: from its main tag to the one that was merged into. */
  | { type: 'move_synonym'; actorId: string; fromMainId: string; toMainId: string }
  | {
      type: 'review';
      revisionId: string;
      approved: boolean;
      reviewerId: string;
      /** Questions are filed under the tag, or another tag took the proposed slug (read-model facts): the slug stays. */
      keepSlug: boolean;
    };

export interface MergeTarget {
  id: string;
  slug_name: string;
  display_name: string;
  deleted: boolean;
  /** Set when the target is itself a synonym: its main tag's slug. */
  mainSlug: string | null;
}

const sameContent = (a: TagContent, b: TagContent) =>
  a.slug_name === b.slug_name && a.display_name === b.display_name && a.original_text === b.original_text;

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * A reviewer's decision on the suggested edit waiting: approved, its names and description
 * apply as the editor's edit, except a new slug once the tag is in use (questions and synonyms name a tag by
 * its slug); rejected, it is dropped. A decision on anything no longer waiting changes nothing.
 */
function review(command: Extract<TagCommand, { type: 'review' }>, state: TagState, tagId: string): TagEvent[] {
  const pending = state.pendingRevision;
  if (!pending || pending.id !== command.revisionId) return [];
  const decided = { tag_id: tagId, revision_id: pending.id, editor_id: pending.editorId };
  if (!command.approved) {
    return [{ type: 'tags.tag_revision_rejected', data: { ...decided, reviewer_id: command.reviewerId } }];
  }
  const keepSlug = state.synonymIds.length > 0 || state.mainTagId !== null || command.keepSlug;
  const content = keepSlug ? { ...pending.content, slug_name: state.slug_name } : pending.content;
  return [
    {
      type: 'tags.tag_edited',
      data: { ...decided, edit_summary: pending.editSummary, reviewer_id: command.reviewerId, ...content },
    },
  ];
}

/**
 * Merging this tag into another: refused into itself, from or into a synonym (one level of synonyms: the main
 * tag is the one to merge, or to merge into) and from or into a deleted tag. Its synonyms are let go here (each
 * synonym's stream moves to the target, `move_synonym`), the merge is recorded, and it becomes the target's synonym.
 */
function merge(command: Extract<TagCommand, { type: 'merge' }>, state: TagState, tagId: string): TagEvent[] {
  const { target } = command;
  const refuse = (field: string, key: string, params?: Record<string, string>) => errors.fields({ field, key, params });
  if (target.id === tagId) throw refuse('target_tag_id', 'error.tag.merge_into_itself');
  if (state.deleted) throw refuse('source_tag_id', 'error.tag.deleted', { slug: state.slug_name });
  if (state.mainTagId) {
    const main = command.mainSlug ?? '';
    throw refuse('source_tag_id', 'error.tag.merge_source_is_synonym', { slug: state.slug_name, main });
  }
  if (target.deleted) throw refuse('target_tag_id', 'error.tag.deleted', { slug: target.slug_name });
  if (target.mainSlug !== null) {
    const params = { slug: target.slug_name, main: target.mainSlug };
    throw refuse('target_tag_id', 'error.tag.merge_target_is_synonym', params);
  }
  const act = { tag_id: tagId, actor_id: command.actorId };
  const released: TagEvent[] =
    state.synonymIds.length > 0 ? [{ type: 'tags.synonyms_set', data: { ...act, synonym_tag_ids: [] } }] : [];
  return [
    ...released,
    {
      type: 'tags.tag_merged',
      data: {
        ...act,
        slug_name: state.slug_name,
        target_tag_id: target.id,
        target_slug_name: target.slug_name,
        target_display_name: target.display_name,
        synonym_tag_ids: state.synonymIds,
      },
    },
    { type: 'tags.synonym_linked', data: { ...act, main_tag_id: target.id } },
  ];
}

/** A tag: its content, its life, its place among synonyms and its pending edit. */
export const tagDecider: Decider<TagState, TagCommand, TagEvent> = {
  initialState: () => ({
    id: null,
    slug_name: '',
    display_name: '',
    original_text: '',
    parsed_text: '',
    deleted: false,
    mainTagId: null,
    synonymIds: [],
    pendingRevisionId: null,
    pendingRevision: null,
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'tags.tag_created': {
        const { tag_id, slug_name, display_name, original_text, parsed_text } = event.data;
        return { ...state, id: tag_id, slug_name, display_name, original_text, parsed_text };
      }
      case 'tags.tag_edited': {
        const { slug_name, display_name, original_text, parsed_text } = event.data;
        return {
          ...state,
          slug_name,
          display_name,
          original_text,
          parsed_text,
          pendingRevisionId: null,
          pendingRevision: null,
        };
      }
      case 'tags.tag_revision_submitted': {
        const { revision_id, editor_id, edit_summary, slug_name, display_name, original_text, parsed_text } =
          event.data;
        return {
          ...state,
          pendingRevisionId: revision_id,
          pendingRevision: {
            id: revision_id,
            editorId: editor_id,
            editSummary: edit_summary,
            content: { slug_name, display_name, original_text, parsed_text },
          },
        };
      }
      case 'tags.tag_revision_rejected':
        return { ...state, pendingRevisionId: null, pendingRevision: null };
      case 'tags.tag_deleted':
        return { ...state, deleted: true };
      case 'tags.tag_undeleted':
        return { ...state, deleted: false };
      case 'tags.synonyms_set':
        return { ...state, synonymIds: event.data.synonym_tag_ids };
      case 'tags.synonym_linked':
        return { ...state, mainTagId: event.data.main_tag_id };
      case 'tags.synonym_unlinked':
        return { ...state, mainTagId: null };
      default:
        return state;
    }
  },

  decide(command, state) {
    if (command.type === 'create') {
      if (state.id)
        throw errors.business('error.tag.already_exists', 'error.tag.already_exists', undefined, {
          slug: state.slug_name,
        });
      return [
        {
          type: 'tags.tag_created',
          data: {
            tag_id: command.tagId,
            user_id: command.userId,
            revision_id: command.revisionId,
            question_id: command.questionId,
            ...command.content,
          },
        },
      ];
    }
    const tagId = state.id;
    if (!tagId) throw errors.notFound('error.tag.not_found');
    if (command.type === 'review') return review(command, state, tagId);
    if (command.type === 'merge') return merge(command, state, tagId);
    const act = { tag_id: tagId, actor_id: command.type === 'edit' ? command.editorId : command.actorId };
    switch (command.type) {
      case 'edit': {
        if (state.deleted) throw errors.notFound('error.tag.not_found');
        // A suggested edit still waiting blocks every other edit.
        if (state.pendingRevisionId)
          throw errors.business('error.revision.review_underway', 'error.revision.review_underway', 'toast');
        if (sameContent(state, command.content)) return [];
        // Questions and synonyms refer to a tag by its slug, so a tag in use keeps it.
        const inUse = command.questionCount > 0 || state.synonymIds.length > 0 || state.mainTagId !== null;
        if (command.content.slug_name !== state.slug_name && inUse)
          throw errors.business('error.tag.slug_locked', 'error.tag.slug_locked');
        const data = {
          tag_id: tagId,
          editor_id: command.editorId,
          revision_id: command.revisionId,
          edit_summary: command.editSummary,
          ...command.content,
        };
        return [{ type: command.direct ? 'tags.tag_edited' : 'tags.tag_revision_submitted', data }];
      }
      case 'delete':
        if (state.deleted) return [];
        if (command.questionCount > 0 || state.synonymIds.length > 0)
          throw errors.business('error.tag.in_use', 'error.tag.in_use', 'toast');
        return [{ type: 'tags.tag_deleted', data: act }];
      case 'undelete':
        return state.deleted ? [{ type: 'tags.tag_undeleted', data: act }] : [];
      case 'set_synonyms': {
        if (state.deleted) throw errors.notFound('error.tag.not_found');
        if (state.mainTagId) throw errors.business('error.tag.main_is_synonym', 'error.tag.main_is_synonym');
        const ids = [...new Set(command.synonymIds)];
        if (ids.includes(tagId)) throw errors.fields({ field: 'synonym_tag_list', key: 'error.tag.synonym_self' });
        if (sameList(ids, state.synonymIds)) return [];
        return [{ type: 'tags.synonyms_set', data: { ...act, synonym_tag_ids: ids } }];
      }
      case 'link': {
        const slug = { slug: state.slug_name };
        if (command.mainTagId === tagId)
          throw errors.fields({ field: 'synonym_tag_list', key: 'error.tag.synonym_self' });
        if (state.mainTagId === command.mainTagId) return [];
        if (state.deleted) throw errors.fields({ field: 'synonym_tag_list', key: 'error.tag.deleted', params: slug });
        if (state.mainTagId)
          throw errors.fields({ field: 'synonym_tag_list', key: 'error.tag.already_synonym', params: slug });
        if (state.synonymIds.length > 0)
          throw errors.fields({ field: 'synonym_tag_list', key: 'error.tag.has_synonyms', params: slug });
        return [{ type: 'tags.synonym_linked', data: { ...act, main_tag_id: command.mainTagId } }];
      }
      case 'move_synonym':
        // Only a synonym still of the merged tag moves (a redelivered merge finds it moved already).
        return state.mainTagId === command.fromMainId
          ? [
              { type: 'tags.synonym_unlinked', data: { ...act, main_tag_id: command.fromMainId } },
              { type: 'tags.synonym_linked', data: { ...act, main_tag_id: command.toMainId } },
            ]
          : [];
      case 'unlink':
        return state.mainTagId === command.mainTagId
          ? [{ type: 'tags.synonym_unlinked', data: { ...act, main_tag_id: command.mainTagId } }]
          : [];
    }
  },
};
