import { showPageError } from '../app/page-error';
import { isExemptPath } from '../guards/private-site';
import { saveLoginRedirect } from '../guards/redirect-target';
import { navigate } from '../router/history';
import { ROUTES } from '../router/routes';
import { clearSession } from '../session/session';
import { dialogs } from '../ui/dialog-store';
import { toast } from '../ui/toast-store';
import type { ApiError } from './api-error';
import { markUnavailable } from './availability';

export interface HandlingOptions {
  /** A 404 shows the 404 page (calls flagged allow404). */
  allow404?: boolean;
  /** Failures this call handles itself (the notification poll ignores 50X and everything else). */
  silent?: boolean;
  /** An admin API call: its 403 shows the 403 page. */
  admin?: boolean;
}

const here = () => window.location.pathname + window.location.search;

/**
 * The response handling (toasts, dialogs, error pages, login redirects), applied to every failed call
 * before the caller sees the error.
 */
export function handleFailure(error: ApiError, options: HandlingOptions): void {
  const { status } = error;
  // Temporarily unavailable (the database is down): keep the session and the page, show a notice.
  if (status === 503) {
    markUnavailable();
    return;
  }
  if (options.silent) return;
  const exempt = isExemptPath(window.location.pathname);
  if (status === 400) {
    if (error.fieldErrors.length > 0) return; // mapped onto the form by the caller
    const type = error.errType;
    if (type === 'toast') toast.danger(error.message);
    else if (type === 'modal') dialogs.confirm(error.message);
    else if (type === 'alert')
      return; // the form shows it
    else if (error.data === null || error.data === undefined || error.data === '') dialogs.alert(error.message);
    return;
  }
  if (status === 401) {
    clearSession();
    saveLoginRedirect(here());
    navigate(ROUTES.login);
    return;
  }
  if (status === 403) {
    const type = error.forbiddenType;
    if (type === 'url_expired') navigate(ROUTES.activationFailed);
    else if (type === 'inactive') navigate(ROUTES.inactive);
    else if (type === 'suspended') navigate(ROUTES.suspended);
    else if (exempt) return;
    else if (options.admin) showPageError('403');
    else toast.danger(error.message);
    return;
  }
  if (status === 404) {
    if (options.allow404) showPageError('404');
    else toast.danger(error.message);
    return;
  }
  if (status >= 500) {
    if (!exempt) showPageError('50X');
    return;
  }
  // 409 and 422: a write's Idempotency-Key whose first request is running, was applied, or was another request.
  if (status === 0 || status === 409 || status === 422 || status === 429) toast.danger(error.message);
}
