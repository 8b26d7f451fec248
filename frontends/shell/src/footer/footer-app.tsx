import { useSiteInfo, useTranslation } from '@agora/kit';
import { Box, Typography } from '@mui/material';
import { CustomHtml } from '../custom-html';
import { LanguageMenu } from './language-menu';

/** The footer: the admin's custom footer HTML, the year, the site name, the built-on notice; and the language switch. */
export function FooterApp() {
  const { t } = useTranslation();
  const name = useSiteInfo().data?.general.name ?? '';
  return (
    <>
      <CustomHtml slot="custom_footer" />
      <Box
        sx={{
          borderTop: 1,
          borderColor: 'divider',
          py: 3,
          px: 2,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          justifyContent: 'center',
          alignItems: 'center',
          color: 'text.secondary',
        }}
      >
        <Typography variant="body2">
          © {new Date().getFullYear()} {name}
        </Typography>
        <Typography variant="body2">{t('ui.footer.built_on')}</Typography>
        <LanguageMenu />
      </Box>
    </>
  );
}
