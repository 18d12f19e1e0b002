import path from 'node:path';

/**
 * The units relative imports stay inside (biome.boundaries.jsonc): a top-level folder, or in src/ one of its
 * parts — a feature (src/features/<flow>), src/ui, src/api, src/lib, …; src/'s own root files (the entry)
 * may reach all of src/. An import that leaves its unit names it by its alias (@contract/…, @src/ui/…), and
 * the lint rules are written against the aliases. Root configuration files may import e2e/ and scripts/
 * helpers relatively (they have no alias), never tests/ and never an aliased folder.
 */
export const ALIASED = ['contract', 'machines', 'server', 'src', 'tooling'];

export function unitOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return '';
  if (parts[0] !== 'src') return parts[0]!;
  if (parts[1] === 'features' && parts.length > 3) return `src/features/${parts[2]}`;
  return parts.length > 2 ? `src/${parts[1]}` : 'src';
}

const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\bvi\.importActual\(\s*)(['"])(\.{1,2}\/[^'"]*)\1/g;

/** The relative specifiers of `source` (the file at repository path `file`) that leave its unit. */
export function relativeCrossings(file: string, source: string): string[] {
  const unit = unitOf(file);
  const crossings: string[] = [];
  // Comments may show an import as written elsewhere (a usage example); only code counts.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const match of code.matchAll(SPECIFIER)) {
    const specifier = match[2]!;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    const top = target.split('/')[0]!;
    const inside =
      unit === ''
        ? !target.startsWith('..') && (top === 'e2e' || top === 'scripts' || !target.includes('/'))
        : target === unit || target.startsWith(`${unit}/`);
    if (!inside) crossings.push(specifier);
  }
  return crossings;
}
