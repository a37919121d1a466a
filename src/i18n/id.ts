/**
 * The one Indonesian text catalogue (STYLE rule 8). Wording quoted in the product specification is
 * copied verbatim (including its English error screen); everything else is plain Indonesian.
 * Group keys by screen; functions are used only where a value is inserted.
 *
 * Each top-level group is its own module under `id/`, and `t` is their namespace: code reads
 * `t.landing.title` as before, and the bundler puts a group only into the chunks whose code names
 * it, so the landing page no longer downloads the admin's and the exam's texts (60 KB, 20 KB gzip,
 * as one object). A new group is a new file listed in `catalogue.ts`.
 */
export * as t from './catalogue.ts';

import type * as catalogue from './catalogue.ts';
export type Catalogue = typeof catalogue;
