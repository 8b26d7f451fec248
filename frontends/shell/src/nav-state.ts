import { createStore } from '@agora/kit';

/** Whether the side navigation drawer is open on small screens (the header's menu button toggles it). */
export const navOpen = createStore(false);
