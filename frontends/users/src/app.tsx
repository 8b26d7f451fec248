import { RouteScreens } from '@agora/kit';
import { ROUTE_TABLE } from './routes';

/** The users micro-frontend: the account screen of the current path, behind its guards. */
export function UsersApp() {
  return <RouteScreens routes={ROUTE_TABLE} />;
}
