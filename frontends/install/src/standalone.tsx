/** `npm run dev -w @agora/install`: the wizard alone on Vite's dev server, calling an Agora not installed yet. */
import { AppProviders, GlobalHosts } from '@agora/kit';
import { createRoot } from 'react-dom/client';
import { InstallApp } from './app';

const element = document.getElementById('root');
if (element) {
  createRoot(element).render(
    <AppProviders>
      <GlobalHosts />
      <InstallApp />
    </AppProviders>,
  );
}
