import { RouteScreens } from '@agora/kit';
import { ROUTE_TABLE } from './routes';

/** The review micro-frontend: the screen of the current path, behind its guards. */
export function ReviewApp() {
  return <RouteScreens routes={ROUTE_TABLE} />;
}
