import { skippedContractsNotice } from './sharedContracts';

/** vitest globalSetup: one line for the whole run, instead of one per test file that skips. */
export default function announceSkippedContracts(): void {
  const notice = skippedContractsNotice();
  if (notice) console.warn(notice);
}
