/** `npm run dev -w @agora/shell`: header, side nav, errors and footer alone, calling a running gateway. */
import { AppProviders } from '@agora/kit';
import { Box } from '@mui/material';
import { createRoot } from 'react-dom/client';
import { ErrorsApp } from './errors/errors-app';
import { FooterApp } from './footer/footer-app';
import { HeaderApp } from './header/header-app';
import { NavApp } from './nav/nav-app';

const element = document.getElementById('root');
if (element) {
  createRoot(element).render(
    <AppProviders>
      <HeaderApp />
      <Box sx={{ display: 'flex', minHeight: '60vh' }}>
        <NavApp />
        <Box component="main" sx={{ flex: 1 }}>
          <ErrorsApp />
        </Box>
      </Box>
      <FooterApp />
    </AppProviders>,
  );
}
