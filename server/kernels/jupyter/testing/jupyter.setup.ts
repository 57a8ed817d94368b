import { skippedJupyterNotice } from './jupyter';

/** vitest globalSetup: one line for the whole run when the Jupyter provider's tests are skipped. */
export default function announceSkippedJupyter(): void {
  const notice = skippedJupyterNotice();
  if (notice) console.warn(notice);
}
