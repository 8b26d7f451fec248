import { Avatar, logout, navigate, ROUTES, type UserInfo, useTranslation } from '@agora/kit';
import { Divider, IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';

/** Avatar menu: profile, bookmarks, settings, logout. */
export function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const go = (to: string) => {
    setAnchor(null);
    navigate(to);
  };
  return (
    <>
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('ui.header.user_menu')} sx={{ p: 0.5 }}>
        <Avatar avatar={user.avatar} name={user.display_name || user.username} size={36} />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => go(ROUTES.profile(user.username))}>{t('ui.header.profile')}</MenuItem>
        <MenuItem onClick={() => go(ROUTES.bookmarks(user.username))}>{t('ui.header.bookmarks')}</MenuItem>
        <MenuItem onClick={() => go(ROUTES.settings)}>{t('ui.header.settings')}</MenuItem>
        <Divider />
        <MenuItem onClick={() => void logout()}>{t('ui.header.logout')}</MenuItem>
      </Menu>
    </>
  );
}
