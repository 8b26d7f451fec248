import { ensureCanAct, PlainButton, useAction, useTranslation, voteApi } from '@agora/kit';
import Bookmark from '@mui/icons-material/Bookmark';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';

/** The bookmark toggle: switches collected and shows object_collection_count. */
export function BookmarkButton({
  objectId,
  collected,
  count,
  onChange,
}: {
  objectId: string;
  collected: boolean;
  count: number;
  onChange: (collected: boolean, count: number) => void;
}) {
  const { t } = useTranslation();
  const toggle = useAction(
    () => voteApi.bookmark(objectId, !collected),
    (result) => onChange(!collected, result.object_collection_count),
  );
  return (
    <PlainButton
      tone={collected ? 'warning' : 'inherit'}
      aria-pressed={collected}
      onClick={() => ensureCanAct() && toggle.run()}
      disabled={toggle.pending}
      startIcon={collected ? Bookmark : BookmarkBorder}
      data-testid="bookmark"
    >
      {t(collected ? 'ui.detail.bookmarked' : 'ui.detail.bookmark')} {count > 0 ? count : ''}
    </PlainButton>
  );
}
