/** `npm run dev -w @agora/admin`: the screens alone on Vite's dev server, calling a running gateway. */
import { AppProviders, GlobalHosts } from '@agora/kit';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app';

const element = document.getElementById('root');
if (element) {
  createRoot(element).render(
    <AppProviders>
      <GlobalHosts />
      <AdminApp />
    </AppProviders>,
  );
}
