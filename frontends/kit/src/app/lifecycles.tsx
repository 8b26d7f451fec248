import type { ComponentType } from 'react';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { UnexpectedError } from '../ui/error-page';
import { AppProviders } from './providers';

/** single-spa lifecycles (bootstrap, mount, unmount) for a micro-frontend's root component. */
export function createLifecycles(Root: ComponentType) {
  return singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: () => (
      <AppProviders>
        <Root />
      </AppProviders>
    ),
    errorBoundary: (error: Error) => <UnexpectedError error={error} />,
  });
}
