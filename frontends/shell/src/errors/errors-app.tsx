import { ErrorPage, MaintenancePage, ROUTES, useLocation, usePageError } from '@agora/kit';

/**
 * Error pages in the main area: the /403, /50x and /maintenance routes, and the error a call raised for
 * the current URL; nothing otherwise.
 */
export function ErrorsApp() {
  const location = useLocation();
  const pageError = usePageError(location.href);
  if (location.pathname === ROUTES.forbidden) return <ErrorPage code="403" />;
  if (location.pathname === ROUTES.serverError) return <ErrorPage code="50X" />;
  if (location.pathname === ROUTES.maintenance) return <MaintenancePage />;
  return pageError ? <ErrorPage code={pageError} /> : null;
}

/** The layout's catch-all route: 404. */
export function NotFoundApp() {
  return <ErrorPage code="404" />;
}
