import { useTranslation } from '@agora/kit';
import { useEffect, useRef } from 'react';

interface RoutingEvent extends Event {
  detail: { newUrl: string; oldUrl: string; cancelNavigation?: (cancel?: boolean) => void };
}

const pathOf = (url: string) => new URL(url, window.location.href).pathname;

/**
 * Leaving a page with typed content asks for confirmation: the browser's prompt when the tab
 * closes or reloads, a confirm when single-spa routes elsewhere. Returns a switch to turn it off before
 * the page itself navigates away (after a submit).
 */
export function useLeaveGuard(dirty: boolean): { release: () => void } {
  const { t } = useTranslation();
  const released = useRef(false);
  const active = useRef(dirty);
  active.current = dirty && !released.current;
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!active.current || released.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const beforeRouting = (event: Event) => {
      const { detail } = event as RoutingEvent;
      if (
        !active.current ||
        released.current ||
        !detail.cancelNavigation ||
        pathOf(detail.newUrl) === pathOf(detail.oldUrl)
      )
        return;
      if (!window.confirm(t('ui.ask.leave_confirm'))) detail.cancelNavigation(true);
      else released.current = true;
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('single-spa:before-routing-event', beforeRouting);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('single-spa:before-routing-event', beforeRouting);
    };
  }, [t]);
  return {
    release: () => {
      released.current = true;
      active.current = false;
    },
  };
}
