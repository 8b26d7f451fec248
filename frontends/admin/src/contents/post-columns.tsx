import { Avatar, RelativeTime, useTranslation } from '@agora/kit';
import { Box, Typography } from '@mui/material';
import type { ComponentProps } from 'react';
import type { ListColumn } from '../lists/admin-list';

/** What the questions and answers lists both show of a post. */
interface PostFacts {
  vote_count: number;
  create_time: number;
  user_info: { avatar: ComponentProps<typeof Avatar>['avatar']; display_name: string };
}

/** The columns the questions and answers lists share: votes (from `sm` up), author and creation time (from `md`). */
export function usePostColumns<Row extends PostFacts>() {
  const { t } = useTranslation();
  const votes: ListColumn<Row> = {
    id: 'votes',
    label: t('ui.admin.contents.votes'),
    align: 'right',
    from: 'sm',
    cell: (post) => post.vote_count,
  };
  const author: ListColumn<Row> = {
    id: 'author',
    label: t('ui.admin.contents.author'),
    from: 'md',
    cell: ({ user_info: user }) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Avatar avatar={user.avatar} name={user.display_name} size={24} />
        <Typography variant="body2" noWrap>
          {user.display_name}
        </Typography>
      </Box>
    ),
  };
  const created: ListColumn<Row> = {
    id: 'created',
    label: t('ui.admin.contents.created'),
    from: 'md',
    cell: (post) => <RelativeTime time={post.create_time} />,
  };
  return { votes, author, created };
}
