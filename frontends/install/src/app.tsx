import { RouteScreens } from '@agora/kit';
import { ROUTE_TABLE } from './routes';

/** The install micro-frontend: the wizard at /install. */
export function InstallApp() {
  return <RouteScreens routes={ROUTE_TABLE} />;
}
