import { AppFrame, ErrorPage, Guarded, Loading, useLocation } from '@agora/kit';
import { Suspense } from 'react';
import { screenFor } from './routes';

/** The questions micro-frontend: the screen of the current path, behind its guards. */
export function QuestionsApp() {
  const { pathname } = useLocation();
  const screen = screenFor(pathname);
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
