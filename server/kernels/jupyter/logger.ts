/** Where the Jupyter provider, its kernels and managed servers report (the app's logger fits). */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}
