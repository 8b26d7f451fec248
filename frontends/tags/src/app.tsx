import { AppFrame, ErrorPage, Guarded, Loading, useLocation } from '@agora/kit';
import { Suspense } from 'react';
import { screenFor } from './routes';

/** The tags micro-frontend: the screen of the current path, behind its guards (timelines are the questions app's). */
export function TagsApp() {
  const { pathname } = useLocation();
  const screen = screenFor(pathname);
  if (screen === null) return null;
  return (
    <AppFrame>
      {screen ? (
        <Guarded key={screen.key} guards={screen.guards}>
          <Suspense fallback={<Loading />}>
            <screen.Page params={screen.params} />
          </Suspense>
        </Guarded>
      ) : (
        <ErrorPage code="404" />
      )}
    </AppFrame>
  );
}
