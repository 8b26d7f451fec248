// The web app's server half for Node (docs/adr/0066-server-rendered-public-pages.md); its types are server.d.mts,
// so that back-end type checks never read the front ends' TSX. The launcher's bundle compiles what it imports.
export { createPageRenderer, SSR_STATE_ELEMENT_ID } from './src/server/render-page.ts';
