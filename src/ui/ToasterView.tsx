import { useEffect } from 'react';
import { Toaster } from 'sonner';
/** How long a toast stays (sonner's default is 4 s). */
const TOAST_DURATION_MS = 5000;

/** sonner's toaster with the console's placement; `onMounted` runs once it listens (its effects run before ours). */
export default function ToasterView({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return <Toaster position="top-right" offset={{ top: 68, right: 16 }} duration={TOAST_DURATION_MS} hotkey={['altKey', 'KeyT']} closeButton richColors />;
}
