import { searchRoutesSuite } from './support/routes-suite';

searchRoutesSuite({ kind: 'postgres' });
