import { Link, MenuIcon, navbarStyle, ROUTES, useLoginState, useSiteInfo, useTranslation, useUser } from '@agora/kit';
import { AppBar, Box, Button, IconButton, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { navOpen } from '../nav-state';
import { AgentMenu } from './agent-menu';
import { Brand } from './brand';
import { NotificationIcons } from './notification-icons';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';

/** The header: brand, search, Add question, notifications, user menu or login and sign-up. */
export function Header() {
  const { t } = useTranslation();
  const site = useSiteInfo().data;
  const user = useUser();
  const { isLogged } = useLoginState();
  const small = useMediaQuery(useTheme().breakpoints.down('md'));
  const light = navbarStyle(site?.theme) === 'light';
  const allowSignUp = site?.login.allow_new_registrations !== false;
  return (
    <AppBar position="static" color={light ? 'inherit' : 'primary'} elevation={light ? 1 : 0}>
      <Toolbar sx={{ gap: { xs: 1, md: 2 } }}>
        {small ? (
          <IconButton color="inherit" edge="start" aria-label={t('ui.header.menu')} onClick={() => navOpen.set(true)}>
            <MenuIcon />
          </IconButton>
        ) : null}
        <Brand />
        {small ? <Box sx={{ flex: 1 }} /> : <SearchBox light={light} />}
        {small ? null : <Box sx={{ flex: 1 }} />}
        <AgentMenu />
        {small ? null : (
          <Button
            variant="outlined"
            color="inherit"
            component={Link}
            to={ROUTES.ask}
            underline="none"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('ui.header.add_question')}
          </Button>
        )}
        {isLogged && user ? (
          <>
            <NotificationIcons />
            <UserMenu user={user} />
          </>
        ) : (
          <>
            <Button color="inherit" component={Link} to={ROUTES.login} underline="none">
              {t('ui.header.login')}
            </Button>
            {allowSignUp ? (
              <Button
                variant={light ? 'contained' : 'outlined'}
                color="inherit"
                component={Link}
                to={ROUTES.register}
                underline="none"
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('ui.header.signup')}
              </Button>
            ) : null}
          </>
        )}
      </Toolbar>
      {small ? (
        <Toolbar variant="dense" sx={{ pb: 1 }}>
          <SearchBox light={light} />
        </Toolbar>
      ) : null}
    </AppBar>
  );
}
