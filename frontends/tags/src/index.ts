/** @agora/tags: tag list, tag page, tag info, create and edit tag, as single-spa lifecycles. */
import { createLifecycles } from '@agora/kit';
import { TagsApp } from './app';

export const { bootstrap, mount, unmount } = createLifecycles(TagsApp);
