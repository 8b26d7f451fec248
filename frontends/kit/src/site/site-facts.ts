import { createContext, useContext } from 'react';

/**
 * The site's time zone (interface settings), handed down once by the providers: every time drawn on a page reads
 * it, and a query observer per time would cost a 30-answer page dozens of them.
 */
export const SiteTimeZone = createContext<string | undefined>(undefined);

export const useSiteTimeZone = () => useContext(SiteTimeZone);
