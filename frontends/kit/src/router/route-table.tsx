import { type ComponentType, type ReactNode, Suspense } from 'react';
import { AppFrame } from '../app/app-frame';
import { Guarded, Loading } from '../guards/guarded';
import type { Guard } from '../guards/guards';
import { ErrorPage } from '../ui/error-page';
import { useLocation } from './history';
import { matchPath, type PathParams } from './match-path';

/** A matched route: the screen to draw (null when another micro-frontend draws this path) behind its guards. */
export interface Screen {
  /** The screen (guards and page) stays mounted while the key is the same. */
  key: string;
  path: string;
  guards: Guard[];
  element: ReactNode | null;
}

/**
 * One row of a micro-frontend's route table (DESIGN §7, "Routes"); made by `route`, which checks that the page
 * takes the pattern's params.
 */
export interface Route {
  readonly path: string;
  screenAt(pathname: string): Screen | undefined;
}

export function route<P extends string>(
  path: P,
  screen: {
    guards: Guard[];
    /** null: the path is drawn by another micro-frontend (the layout routes it there too). */
    Page: ComponentType<{ params: PathParams<P> }> | null;
    /** By default the screen stays mounted while the pattern matches, whatever its params. */
    key?: (params: PathParams<P>) => string;
  },
): Route {
  const { guards, Page, key } = screen;
  return {
    path,
    screenAt(pathname) {
      const params = matchPath(path, pathname);
      if (!params) return undefined;
      return { key: key ? key(params) : path, path, guards, element: Page ? <Page params={params} /> : null };
    },
  };
}

/** The first route of the table that matches `pathname`. */
export function screenAt(routes: readonly Route[], pathname: string): Screen | undefined {
  for (const row of routes) {
    const screen = row.screenAt(pathname);
    if (screen) return screen;
  }
  return undefined;
}

/**
 * A micro-frontend's main area: the screen of the current path behind its guards, the 404 page for a path
 * the table does not have, nothing for a path another micro-frontend draws.
 */
export function RouteScreens({ routes }: { routes: readonly Route[] }) {
  const { pathname } = useLocation();
  const screen = screenAt(routes, pathname);
  if (screen?.element === null) return null;
  return (
    <AppFrame>
      {screen ? (
        <Guarded key={screen.key} guards={screen.guards} path={screen.path}>
          <Suspense fallback={<Loading />}>{screen.element}</Suspense>
        </Guarded>
      ) : (
        <ErrorPage code="404" />
      )}
    </AppFrame>
  );
}
