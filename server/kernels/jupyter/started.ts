import { reason, type JupyterClient } from './client';
import type { JupyterKernel } from './kernel';

/**
 * Connects a kernel its server has just started; one that cannot be connected is marked dead and
 * deleted from the server, and the start fails saying why (a Jupyter Server's or a Hub user's alike).
 */
export async function connectStarted(kernel: JupyterKernel, client: JupyterClient, spec: string): Promise<JupyterKernel> {
  try {
    await kernel.connect();
  } catch (error) {
    kernel.markDead('The kernel did not start.');
    await client.deleteKernel(kernel.id).catch(() => undefined);
    throw new Error(`The ${spec} kernel did not start: ${reason(error)}`);
  }
  return kernel;
}
