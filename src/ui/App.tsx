import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import type { App as AppServices } from '../commands/app';
import { AppProvider } from './appContext';
import { createConsoleRouter } from './router';

export const TOAST_DURATION_MS = 5000;

export function App({ app }: { app: AppServices }) {
  const [router] = useState(createConsoleRouter);
  return (
    <AppProvider app={app}>
      <RouterProvider router={router} />
      <Toaster position="top-right" offset={{ top: 68, right: 16 }} duration={TOAST_DURATION_MS} hotkey={['altKey', 'KeyT']} closeButton richColors />
    </AppProvider>
  );
}
