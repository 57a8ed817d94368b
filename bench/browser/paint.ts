/** The next animation frame's timestamp. */
export const frame = () => new Promise<number>((done) => requestAnimationFrame(done));

export async function frames(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await frame();
}

/** Resolves right after the rendering work of the frame in which `ready()` first holds (a task queued from rAF runs after paint). */
export function paintedWhen(ready: () => boolean): Promise<number> {
  return new Promise((done) => {
    const check = () => {
      if (!ready()) return void requestAnimationFrame(check);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(check);
  });
}
