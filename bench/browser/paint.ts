import type { Interaction } from './catalogApi';

/** The next animation frame's timestamp. */
export const frame = () => new Promise<number>((done) => requestAnimationFrame(done));

export async function frames(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await frame();
}

/**
 * The frame in which `ready()` first holds: when its rAF callback found it ready (frameStart), and
 * right after that frame's rendering work (end: a task queued from rAF runs after paint).
 */
function paintedFrame(ready: () => boolean): Promise<{ frameStart: number; end: number }> {
  return new Promise((done) => {
    const check = () => {
      const frameStart = performance.now();
      if (!ready()) return void requestAnimationFrame(check);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done({ frameStart, end: performance.now() });
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(check);
  });
}

/** Resolves right after the rendering work of the frame in which `ready()` first holds. */
export async function paintedWhen(ready: () => boolean): Promise<number> {
  return (await paintedFrame(ready)).end;
}

/** After the next frame, `delayMs` into the frame interval, in a task of its own (as input arrives), not inside the frame's rendering. */
export async function outsideFrame(delayMs: number): Promise<void> {
  await frame();
  await new Promise((done) => setTimeout(done, delayMs));
}

/**
 * Times a user interaction whose React update is discrete (a click, an input event: React renders
 * it in a microtask queued by the handler). `act` runs in a task; then:
 * - paintedMs: act → the first frame showing the result has been painted (what the user waits,
 *   including the wait for that frame's vsync, up to one frame interval whatever the work);
 * - workMs: the main-thread work for it, as Long Animation Frames count a frame: the task (event,
 *   React render and commit) plus the next frame's rendering (its first rAF callback → the task
 *   queued from it, which runs after style, layout and paint); the idle wait for vsync is left out.
 * When React did not commit within the task, the whole act → painted counts as work.
 */
export async function interaction(act: () => void, ready: () => boolean, delayMs: number): Promise<Interaction> {
  await outsideFrame(delayMs);
  const start = performance.now();
  act();
  await new Promise<void>((done) => queueMicrotask(done)); // after React's own microtask
  const taskEnd = performance.now();
  const inTask = ready();
  const { frameStart, end } = await paintedFrame(ready);
  const taskMs = taskEnd - start;
  return { paintedMs: end - start, workMs: inTask ? taskMs + (end - frameStart) : end - start, taskMs, frameMs: end - frameStart, inTask };
}
