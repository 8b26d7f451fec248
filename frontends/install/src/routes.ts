import { type Route, route } from '@agora/kit';
import { InstallWizard } from './wizard';

/** The installer's one screen (DESIGN §7, "Routes"); no guard: nothing is installed to sign in to. */
export const ROUTE_TABLE: readonly Route[] = [route('/install', { guards: [], Page: InstallWizard })];
