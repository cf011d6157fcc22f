import { describe, expect, it } from 'vitest';

/**
 * Features own their folders (STYLE.md): a feature may import shared code (ui/, api/,
 * stores/, identity/, i18n/, config/, @ratkaisu/core) but never another feature or the
 * app wiring in app/. Shared parts move to ui/ or core. This test is the enforcement
 * until the lint setup gains import/no-restricted-paths zones.
 */
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const IMPORT_SPECIFIER = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Resolves a relative specifier from a file under features/; results start with './' (inside features) or '../'. */
function resolve(fromFile: string, specifier: string): string {
  const parts = fromFile.split('/').slice(1, -1);
  let above = 0;
  for (const segment of specifier.split('/')) {
    if (segment === '..') {
      if (parts.length > 0) parts.pop();
      else above += 1;
    } else if (segment !== '.') parts.push(segment);
  }
  return above > 0 ? `${'../'.repeat(above)}${parts.join('/')}` : `./${parts.join('/')}`;
}

function violations(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    const feature = file.split('/')[1];
    for (const match of text.matchAll(IMPORT_SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) continue;
      const segments = resolve(file, specifier).split('/');
      if (segments[0] === '.' && segments[1] !== feature) found.push(`${file} imports ${specifier}`);
      if (segments[0] === '..' && segments[1] === 'app') found.push(`${file} imports the app wiring: ${specifier}`);
    }
  }
  return found;
}

describe('feature boundaries', () => {
  it('reads the feature sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(5);
  });

  it('no feature imports another feature or app/', () => {
    expect(violations(sources)).toEqual([]);
  });

  it('notices a cross-feature or app import, and allows shared and same-feature ones', () => {
    const files = {
      './cases/routes/HomePage.tsx': [
        "import { AuthCard } from '../../account/components/AuthCard';",
        "import { routes } from '../../../app/routes';",
        "const Lazy = lazy(() => import('../../admin/routes/AdminPage'));",
        "import { PlaceholderPage } from '../../../ui/PlaceholderPage';",
        "import { CaseList } from '../components/CaseList';",
        "import type { Phase } from '@ratkaisu/core';",
      ].join('\n'),
    };
    expect(violations(files)).toEqual([
      './cases/routes/HomePage.tsx imports ../../account/components/AuthCard',
      './cases/routes/HomePage.tsx imports the app wiring: ../../../app/routes',
      './cases/routes/HomePage.tsx imports ../../admin/routes/AdminPage',
    ]);
  });
});
