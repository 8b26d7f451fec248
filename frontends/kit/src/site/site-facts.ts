import { createContext, useContext } from 'react';

/** The settings drawn on every post: the site's time zone (interface) and its question links' form (SEO). */
export interface SiteFacts {
  timeZone?: string;
  permalink?: number;
}

/**
 * Handed down once by the providers: every time and every question link on a page reads them, and a query
 * observer per time or link would cost a 30-answer page dozens of them.
 */
export const SiteFactsContext = createContext<SiteFacts>({});

export const useSiteTimeZone = () => useContext(SiteFactsContext).timeZone;

/** Question links with the site's permalink setting. */
export const usePermalink = () => useContext(SiteFactsContext).permalink;
