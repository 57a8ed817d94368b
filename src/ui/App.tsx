import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { App as AppServices } from '../commands/app';
import { AppProvider } from './appContext';
import { createConsoleRouter } from './router';
import type { Toasts } from './toasts';

export function App({ app, toasts }: { app: AppServices; toasts: Toasts }) {
  const [router] = useState(createConsoleRouter);
  const signedIn = useSelector(app.auth, (state) => state.matches('loggedIn'));
  return (
    <AppProvider app={app}>
      <RouterProvider router={router} />
      <toasts.View signedIn={signedIn} />
    </AppProvider>
  );
}
