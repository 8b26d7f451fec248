import { Type } from 'typebox';
import { defineEvent } from '../events/envelope';

const Id = Type.String({ minLength: 1 });

/** A tag's editable content as it stands after an event: consumers need no other source. */
const TagContent = {
  slug_name: Type.String({ minLength: 1 }),
  display_name: Type.String({ minLength: 1 }),
  original_text: Type.String(),
  parsed_text: Type.String(),
};

/** `question_id`: the question whose asking brought the tag into being, when it came that way. */
export const TagCreated = defineEvent(
  'tags.tag_created',
  Type.Object({ tag_id: Id, user_id: Id, revision_id: Id, question_id: Type.Union([Id, Type.Null()]), ...TagContent }),
);
export const TagEdited = defineEvent(
  'tags.tag_edited',
  Type.Object({
    tag_id: Id,
    editor_id: Id,
    revision_id: Id,
    edit_summary: Type.String(),
    /** Set when a reviewer approved a suggested edit (the editor earns reputation for it). */
    reviewer_id: Type.Optional(Id),
    ...TagContent,
  }),
);
/** An edit by someone without `tag.edit_without_review`: it waits for review, the tag stays as it was. */
export const TagRevisionSubmitted = defineEvent(
  'tags.tag_revision_submitted',
  Type.Object({ tag_id: Id, editor_id: Id, revision_id: Id, edit_summary: Type.String(), ...TagContent }),
);

/** A reviewer turned a suggested edit down: the tag stays as it was and is free to edit again. */
export const TagRevisionRejected = defineEvent(
  'tags.tag_revision_rejected',
  Type.Object({ tag_id: Id, revision_id: Id, editor_id: Id, reviewer_id: Id }),
);

const TagAct = Type.Object({ tag_id: Id, actor_id: Id });
export const TagDeleted = defineEvent('tags.tag_deleted', TagAct);
export const TagUndeleted = defineEvent('tags.tag_undeleted', TagAct);

/** The whole new list of a main tag's synonyms. */
export const TagSynonymsSet = defineEvent(
  'tags.synonyms_set',
  Type.Object({ tag_id: Id, actor_id: Id, synonym_tag_ids: Type.Array(Id) }),
);
/** On the synonym's own stream: it now stands for `main_tag_id` everywhere. */
export const TagSynonymLinked = defineEvent(
  'tags.synonym_linked',
  Type.Object({ tag_id: Id, actor_id: Id, main_tag_id: Id }),
);
export const TagSynonymUnlinked = defineEvent(
  'tags.synonym_unlinked',
  Type.Object({ tag_id: Id, actor_id: Id, main_tag_id: Id }),
);

/**
 * On the merged tag's own stream, between emptying its synonym list and linking it to `target_tag_id`: the tag
 * (`slug_name`) and its synonyms now stand for the target everywhere, its followers follow the target (their own
 * streams say so) and posts files its questions under the target (`target_slug_name`, `target_display_name`).
 */
export const TagMerged = defineEvent(
  'tags.tag_merged',
  Type.Object({
    tag_id: Id,
    actor_id: Id,
    slug_name: Type.String({ minLength: 1 }),
    target_tag_id: Id,
    target_slug_name: Type.String({ minLength: 1 }),
    target_display_name: Type.String({ minLength: 1 }),
    /** The merged tag's own synonyms, which became the target's with it. */
    synonym_tag_ids: Type.Array(Id),
  }),
);

/** On the follower's stream (`tag-follows-<user id>`). */
export const TagFollowed = defineEvent('tags.tag_followed', Type.Object({ user_id: Id, tag_id: Id }));
export const TagUnfollowed = defineEvent('tags.tag_unfollowed', Type.Object({ user_id: Id, tag_id: Id }));

export const TagsEvents = [
  TagCreated,
  TagEdited,
  TagRevisionSubmitted,
  TagRevisionRejected,
  TagDeleted,
  TagUndeleted,
  TagSynonymsSet,
  TagSynonymLinked,
  TagSynonymUnlinked,
  TagMerged,
  TagFollowed,
  TagUnfollowed,
];
