import { RouteScreens } from '@agora/kit';
import { ROUTE_TABLE } from './routes';

/** The tags micro-frontend: the screen of the current path, behind its guards (timelines are the questions app's). */
export function TagsApp() {
  return <RouteScreens routes={ROUTE_TABLE} />;
}
