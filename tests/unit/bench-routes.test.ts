import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexRouteModules, measuredRoutes, routeModules } from '../../scripts/bench/build.ts';

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
});
