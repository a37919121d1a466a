import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkKeyOf, indexRouteModules, measuredRoutes, routeModules, type Manifest } from '../../scripts/bench/build.ts';

const app = (name: string) => readFileSync(path.resolve(import.meta.dirname, '..', '..', 'src', 'app', name), 'utf8');

describe('bench route lookup', () => {
  it('finds the exam screen behind the signed-in screen loaders, so its bundle is measured', () => {
    expect(routeModules(app('router.tsx'), 'simulasi-toefl', app('screens.ts'))).toEqual(['src/features/exam/components/ExamScreen.tsx']);
  });

  it('counts the landing page by its own modules, not the pages after it in the router', () => {
    expect(indexRouteModules(app('router.tsx'))).toEqual([
      'src/features/landing/components/LandingScreen.tsx',
      'src/features/landing/components/LandingNav.tsx',
    ]);
  });

  it('counts the lazy role guards and the account button around the exam and the admin frame with them', () => {
    const modules = Object.fromEntries(measuredRoutes(app('router.tsx'), app('screens.ts')).map((r) => [r.route, r.modules]));
    expect(modules.exam).toEqual([
      'src/app/SignedInArea.tsx',
      'src/features/exam/components/ExamScreen.tsx',
      'src/components/AccountMenu.tsx',
    ]);
    expect(modules.admin).toEqual([
      'src/app/AdminArea.tsx',
      'src/features/admin/components/AdminLayout.tsx',
      'src/components/AccountMenu.tsx',
    ]);
  });

  it('finds nothing for a path the router does not have', () => {
    expect(routeModules(app('router.tsx'), 'tidak-ada', app('screens.ts'))).toEqual([]);
  });

  it('finds a screen whose chunk the bundler shared with the views it loads, by the chunk name', () => {
    // As the build writes it when the exam's later views import the exam screen's view model.
    const manifest: Manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['_ExamScreen-B1.js'] },
      '_ExamScreen-B1.js': { file: 'assets/ExamScreen-B1.js', name: 'ExamScreen', dynamicImports: ['src/x/ExamRunView.tsx'] },
      '_ExamScreen-C2.css': { file: 'assets/ExamScreen-C2.css', src: '_ExamScreen-C2.css' },
      'src/x/ExamRunView.tsx': {
        file: 'assets/ExamRunView.js',
        src: 'src/x/ExamRunView.tsx',
        isDynamicEntry: true,
        imports: ['_ExamScreen-B1.js'],
      },
      '_Shared-A.js': { file: 'assets/Shared-A.js', name: 'Shared' },
      '_Shared-B.js': { file: 'assets/Shared-B.js', name: 'Shared' },
    };
    expect(chunkKeyOf(manifest, 'src/features/exam/components/ExamScreen.tsx')).toBe('_ExamScreen-B1.js');
    expect(chunkKeyOf(manifest, 'src/x/ExamRunView.tsx')).toBe('src/x/ExamRunView.tsx');
    // Two chunks of one name say nothing about which holds the module.
    expect(chunkKeyOf(manifest, 'src/y/Shared.tsx')).toBeUndefined();
    expect(chunkKeyOf(manifest, 'src/y/Missing.tsx')).toBeUndefined();
  });
});
