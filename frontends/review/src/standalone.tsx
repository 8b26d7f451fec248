/** `npm run dev -w @agora/review`: the screens alone on Vite's dev server, calling a running gateway. */
import { AppProviders, GlobalHosts } from '@agora/kit';
import { createRoot } from 'react-dom/client';
import { ReviewApp } from './app';

const element = document.getElementById('root');
if (element) {
  createRoot(element).render(
    <AppProviders>
      <GlobalHosts />
      <ReviewApp />
    </AppProviders>,
  );
}
