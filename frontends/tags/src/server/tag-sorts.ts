/** The tag list's sorts, popular first (the default), shared by the screen and its server render. */
export const TAG_SORTS = ['popular', 'name', 'newest'] as const;
