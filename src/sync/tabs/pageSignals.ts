/** What the sync layer needs to know about its page: is it visible, is the browser online. */
export interface PageSignals {
  isVisible(): boolean;
  isOnline(): boolean;
  /** Calls back on any change of either (and when the page is being hidden for good). */
  subscribe(onChange: () => void): () => void;
}

/** PageSignals from the browser: visibilitychange, online/offline, and pagehide/pageshow (closing, bfcache). */
export function browserPageSignals(win: Window = window): PageSignals {
  // A closing page can still say 'visible' during pagehide; it must not count as a visible tab.
  const page = { unloading: false };
  const track = (event: Event) => (page.unloading = event.type === 'pagehide');
  return {
    isVisible: () => !page.unloading && win.document.visibilityState === 'visible',
    isOnline: () => win.navigator.onLine,
    subscribe(onChange) {
      const windowEvents = ['online', 'offline', 'pagehide', 'pageshow'] as const;
      const onWindowEvent = (event: Event) => {
        if (event.type === 'pagehide' || event.type === 'pageshow') track(event);
        onChange();
      };
      windowEvents.forEach((type) => win.addEventListener(type, onWindowEvent));
      win.document.addEventListener('visibilitychange', onChange);
      return () => {
        windowEvents.forEach((type) => win.removeEventListener(type, onWindowEvent));
        win.document.removeEventListener('visibilitychange', onChange);
      };
    },
  };
}
