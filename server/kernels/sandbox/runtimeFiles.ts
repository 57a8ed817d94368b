import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';

/**
 * A binary and the shared libraries it loads (as ldd lists them), to bind read-only: the runtime's
 * files and nothing else of /usr (no shell, no other program).
 */
export function runtimeFiles(binary: string): string[] {
  const real = realpathSync(binary);
  let listing = '';
  try {
    listing = execFileSync('ldd', [real], { encoding: 'utf8' });
  } catch {
    return [real]; // statically linked ("not a dynamic executable" exits 1)
  }
  const libraries = listing
    .split('\n')
    .map((line) => /(\/\S+)\s+\(0x/.exec(line)?.[1])
    .filter((path): path is string => path !== undefined);
  return [...new Set([real, ...libraries])];
}
