import { RouteScreens } from '@agora/kit';
import { ROUTE_TABLE } from './routes';

/** The questions micro-frontend: the screen of the current path, behind its guards. */
export function QuestionsApp() {
  return <RouteScreens routes={ROUTE_TABLE} />;
}
