import { AppFrame, ErrorPage, Guarded, useLocation } from '@agora/kit';
import { screenFor } from './routes';

/** The users micro-frontend: the account screen of the current path, behind its guards. */
export function UsersApp() {
  const { pathname } = useLocation();
  const screen = screenFor(pathname);
  return (
    <AppFrame>
      {screen ? (
        <Guarded key={screen.path} path={screen.path} guards={screen.guards}>
          <screen.Page />
        </Guarded>
      ) : (
        <ErrorPage code="404" />
      )}
    </AppFrame>
  );
}
