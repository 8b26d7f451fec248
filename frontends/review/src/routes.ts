import { guards, type Route, route } from '@agora/kit';
import { ReviewPage } from './pages/review-page';

/**
 * /review (guarded): for activated members; what each queue shows is what the server lets the caller
 * review (none for a member without audit rights, flags for the staff only).
 */
export const ROUTE_TABLE: readonly Route[] = [
  route('/review', { guards: [guards.activated, guards.notForbidden], Page: ReviewPage }),
];
