import {
  type Language,
  REASONS,
  type ReasonAction,
  type ReasonItem,
  type ReasonName,
  type ReasonObjectType,
  reasonsFor,
  reasonText,
} from '@agora/contracts';

/** One reason as the wire carries it (the reference API's `ReasonItem`), in the caller's language. */
export function reasonItem(name: ReasonName, language: Language): ReasonItem {
  const text = reasonText(name, language);
  return {
    reason_key: `reason.${name}`,
    reason_type: REASONS[name].type,
    name: text.name,
    description: text.description,
    content_type: REASONS[name].contentType,
    placeholder: text.placeholder,
  };
}

/** `reasons?object_type=&action=`: the reasons one object type offers for one action, in their order. */
export function reasonList(objectType: ReasonObjectType, action: ReasonAction, language: Language): ReasonItem[] {
  return reasonsFor(objectType, action).map((name) => reasonItem(name, language));
}

/** The reason a flag gave, whichever list it came from (an unknown number shows as an empty reason). */
export function flagReason(objectType: ReasonObjectType, reasonType: number, language: Language): ReasonItem {
  const name = reasonsFor(objectType, 'flag').find((n) => REASONS[n].type === reasonType);
  return name
    ? reasonItem(name, language)
    : { reason_key: '', reason_type: reasonType, name: '', description: '', content_type: '', placeholder: '' };
}
