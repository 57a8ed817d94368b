import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { createConsoleRouter } from './router';
import { ServicesProvider, type Services } from './services';

export const TOAST_DURATION_MS = 5000;

export function App({ services }: { services: Services }) {
  const [router] = useState(createConsoleRouter);
  return (
    <ServicesProvider services={services}>
      <RouterProvider router={router} />
      <Toaster position="top-right" offset={{ top: 68, right: 16 }} duration={TOAST_DURATION_MS} hotkey={['altKey', 'KeyT']} closeButton richColors />
    </ServicesProvider>
  );
}
