import type { ComponentType } from 'react';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { takeServerRender } from '../server/ssr-state';
import { UnexpectedError } from '../ui/error-page';
import { AppProviders } from './providers';

/**
 * single-spa lifecycles (bootstrap, mount, unmount) for a micro-frontend's root component. An application with
 * server-rendered pages gives its name: it hydrates the markup the server drew for the current address
 * (docs/adr/0066-server-rendered-public-pages.md).
 */
export function createLifecycles(Root: ComponentType, serverRendered?: { name: string }) {
  return singleSpaReact({
    React,
    ReactDOMClient,
    renderType: () => (serverRendered && takeServerRender(serverRendered.name) ? 'hydrateRoot' : 'createRoot'),
    rootComponent: () => (
      <AppProviders>
        <Root />
      </AppProviders>
    ),
    errorBoundary: (error: Error) => <UnexpectedError error={error} />,
  });
}
