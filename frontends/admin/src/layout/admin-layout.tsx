import { Link, navigate, useLocation, useTranslation } from '@agora/kit';
import { Box, List, ListItemButton, ListItemText, ListSubheader, MenuItem, Paper, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { ADMIN_MENU, activeItem } from './menu';

/** The side menu on wide screens; a page picker above the page on narrow ones. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = activeItem(pathname);
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }} data-testid="admin-area">
      <Paper
        variant="outlined"
        component="nav"
        aria-label={t('ui.admin.menu.label')}
        sx={{ display: { xs: 'none', md: 'block' }, width: 220, flex: '0 0 220px' }}
      >
        {ADMIN_MENU.map((group, index) => (
          <List
            key={group.label ?? index}
            dense
            subheader={group.label ? <ListSubheader disableSticky>{t(group.label)}</ListSubheader> : undefined}
          >
            {group.items.map((item) => (
              <ListItemButton key={item.path} component={Link} to={item.path} selected={item.path === active?.path}>
                <ListItemText primary={t(item.label)} />
              </ListItemButton>
            ))}
          </List>
        ))}
      </Paper>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <TextField
          select
          fullWidth
          size="small"
          label={t('ui.admin.menu.label')}
          value={active?.path ?? ''}
          onChange={(event) => navigate(event.target.value)}
          sx={{ display: { xs: 'flex', md: 'none' }, mb: 2 }}
        >
          {ADMIN_MENU.flatMap((group) => group.items).map((item) => (
            <MenuItem key={item.path} value={item.path}>
              {t(item.label)}
            </MenuItem>
          ))}
        </TextField>
        {children}
      </Box>
    </Box>
  );
}
