import { Avatar, RelativeTime, type UserBasicInfo, UserLink } from '@agora/kit';

/** Who did what when on a post: 'asked', 'answered' or 'edited', with the avatar and reputation. */
export function PostAuthor({ user, label, time }: { user?: UserBasicInfo; label: string; time: number }) {
  if (!user) return null;
  return (
    <div className="ag-byline">
      <Avatar avatar={user.avatar} name={user.display_name || user.username} size={32} />
      <div>
        <UserLink username={user.username} small>
          {user.display_name}
        </UserLink>{' '}
        <span className="ag-caption ag-secondary">{user.rank}</span>
        <div className="ag-caption ag-secondary">
          {label} <RelativeTime time={time} />
        </div>
      </div>
    </div>
  );
}
