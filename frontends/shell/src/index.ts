/** @agora/shell: the header, side nav, footer and error-page applications of the layout (DESIGN §7). */
import { createLifecycles } from '@agora/kit';
import { ErrorsApp, NotFoundApp } from './errors/errors-app';
import { FooterApp } from './footer/footer-app';
import { HeaderApp } from './header/header-app';
import { NavApp } from './nav/nav-app';

export const header = createLifecycles(HeaderApp);
export const nav = createLifecycles(NavApp);
export const footer = createLifecycles(FooterApp);
export const errors = createLifecycles(ErrorsApp);
export const notFound = createLifecycles(NotFoundApp);
