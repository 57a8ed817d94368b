import { describe, expect, it, vi } from 'vitest';
import { browserPageSignals } from './pageSignals';

function fakeWindow() {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const navigator = { onLine: true };
  const win = Object.assign(new EventTarget(), { document, navigator });
  return { win, document, navigator, asWindow: win as unknown as Window };
}

describe('browserPageSignals', () => {
  it('reads visibility and the network, and calls back on their events', () => {
    const { win, document, navigator, asWindow } = fakeWindow();
    const signals = browserPageSignals(asWindow);
    const onChange = vi.fn();
    const unsubscribe = signals.subscribe(onChange);
    document.visibilityState = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    navigator.onLine = false;
    win.dispatchEvent(new Event('offline'));
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(signals.isVisible()).toBe(false);
    expect(signals.isOnline()).toBe(false);
    unsubscribe();
    win.dispatchEvent(new Event('online'));
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('a page being hidden for good (pagehide) is not visible, until shown again', () => {
    const { win, asWindow } = fakeWindow();
    const signals = browserPageSignals(asWindow);
    const onChange = vi.fn();
    signals.subscribe(onChange);
    win.dispatchEvent(new Event('pagehide'));
    expect(signals.isVisible()).toBe(false);
    win.dispatchEvent(new Event('pageshow'));
    expect(signals.isVisible()).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
