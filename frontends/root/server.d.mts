/** What `createPageRenderer` (src/server/render-page.ts) answers, as the gateway's `PageRenderer` takes it. */
export type RenderedPage =
  | { kind: 'page'; status: number; html: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'none' };

export declare function createPageRenderer(
  indexFile: string,
): (request: {
  url: string;
  nonce: string;
  api: <T>(pathAndQuery: string) => Promise<{ status: number; data: T | null }>;
}) => Promise<RenderedPage>;

/** The id of the element holding a rendered page's state: a page drawn on the server carries it. */
export declare const SSR_STATE_ELEMENT_ID: string;
