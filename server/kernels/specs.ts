import type { KernelSpec, KernelSpecList } from '../../contracts/kernels';
import { badRequest, unavailable } from './errors';
import type { KernelProvider } from './provider';

/** The kernel manager's providers, as the kernelspec lists see them (ManagerOptions has these). */
export interface SpecSources {
  providers: KernelProvider[];
  /** Its Python is the default kernel. */
  serverProvider: KernelProvider;
  log: { warn(obj: object, msg: string): void };
}

/** Every provider's kernelspecs; the default is the notebook server's Python (else its first, else any). */
export async function listSpecs(sources: SpecSources, owner?: string): Promise<KernelSpecList> {
  const lists = await Promise.all(sources.providers.map((provider) => specsOf(sources, provider, owner)));
  const kernelspecs = lists.flat();
  const own = lists[sources.providers.indexOf(sources.serverProvider)] ?? [];
  const fallback = own.find((spec) => spec.language === 'python') ?? own[0] ?? kernelspecs[0];
  return { default: fallback?.name ?? '', kernelspecs };
}

/** The kernelspec a start asks for, and the provider that has it. */
export async function resolveSpec(sources: SpecSources, name: string | undefined, owner?: string): Promise<{ spec: KernelSpec; provider: KernelProvider }> {
  const lists = await Promise.all(sources.providers.map(async (provider) => ({ provider, specs: await specsOf(sources, provider, owner) })));
  const all = lists.flatMap(({ provider, specs }) => specs.map((spec) => ({ spec, provider })));
  const exact = all.find(({ spec }) => spec.name === name);
  if (exact) return exact;
  // A notebook saved elsewhere as "python3" (or with no kernelspec) runs on the default Python.
  if (!name || /^python/i.test(name)) {
    const { default: fallback } = await listSpecs(sources, owner);
    const found = all.find(({ spec }) => spec.name === fallback);
    if (found) return found;
    throw unavailable('No kernel can be started: no provider answered');
  }
  throw badRequest(`No kernel named "${name}"; available: ${all.map(({ spec }) => spec.name).join(', ') || 'none'}`);
}

/** A provider that cannot list its kernelspecs offers none (the others still start). */
function specsOf({ log }: SpecSources, provider: KernelProvider, owner?: string): Promise<KernelSpec[]> {
  return provider.specs(owner).catch((error: unknown) => {
    log.warn({ err: error, provider: provider.id }, 'a kernel provider could not list its kernelspecs');
    return [];
  });
}
