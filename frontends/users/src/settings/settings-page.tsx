import { ErrorPage, Link, useTranslation } from '@agora/kit';
import { Box, Typography } from '@mui/material';
import { AccountSettings } from './account-settings';
import { InterfaceSettings } from './interface-settings';
import { NotifySettings } from './notify-settings';
import { ProfileSettings } from './profile-settings';
import { isSettingsSection, SETTINGS_SECTIONS, type SettingsSection, sectionPath } from './settings-sections';

function SectionMenu({ active }: { active: SettingsSection }) {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('ui.settings.heading')}
      data-testid="settings-menu"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'row', md: 'column' },
        overflowX: 'auto',
        gap: 0.5,
        flex: { md: '0 0 180px' },
        mb: { xs: 2, md: 0 },
      }}
    >
      {SETTINGS_SECTIONS.map((section) => {
        const current = section === active;
        return (
          <Link
            key={section}
            to={sectionPath(section)}
            underline="none"
            aria-current={current ? 'page' : undefined}
            sx={{
              px: 1.5,
              py: 1,
              borderRadius: 1,
              whiteSpace: 'nowrap',
              color: current ? 'primary.main' : 'text.primary',
              bgcolor: current ? 'action.selected' : 'transparent',
              fontWeight: current ? 600 : 400,
            }}
          >
            {t(`ui.settings.section.${section}`)}
          </Link>
        );
      })}
    </Box>
  );
}

/** /users/settings/{section}: the signed-in member's settings, one section at a time. */
export function SettingsPage({ params }: { params: { section?: string } }) {
  const { t } = useTranslation();
  const name = params.section ?? 'profile';
  if (!isSettingsSection(name)) return <ErrorPage code="404" />;
  return (
    <Box data-testid="settings-page" data-section={name}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('ui.settings.heading')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: { md: 4 } }}>
        <SectionMenu active={name} />
        <Box sx={{ flex: 1, minWidth: 0, maxWidth: 640 }}>
          {name === 'profile' ? <ProfileSettings /> : null}
          {name === 'notify' ? <NotifySettings /> : null}
          {name === 'account' ? <AccountSettings /> : null}
          {name === 'interface' ? <InterfaceSettings /> : null}
        </Box>
      </Box>
    </Box>
  );
}
