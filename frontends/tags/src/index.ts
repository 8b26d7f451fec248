/** @agora/tags: tag list, tag page, tag info, create and edit tag, as single-spa lifecycles (hydrating). */
import { createLifecycles } from '@agora/kit';
import { TagsApp } from './app';

export const { bootstrap, mount, unmount } = createLifecycles(TagsApp, { name: '@agora/tags' });
