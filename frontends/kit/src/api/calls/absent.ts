import { ApiError } from '../api-error';
import { handleFailure } from '../respond';

/**
 * A call to a route a deployment may not have yet (a service still to come): its 404 gives `fallback`,
 * any other failure is handled as usual and rethrown.
 */
export async function unlessAbsent<T>(call: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return fallback;
    if (error instanceof ApiError) handleFailure(error, {});
    throw error;
  }
}
