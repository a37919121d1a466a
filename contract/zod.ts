import { z } from 'zod';

/*
 * The one import of Zod in contract/: every schema module takes `z` from here, so this runs before
 * any schema is built. In a browser, Zod parses objects without compiling a parser through
 * `new Function`: the page's policy allows no eval, and Zod's probe for it, though caught, is
 * reported as a policy violation (a console issue that costs the page its best-practices score).
 * The server keeps the compiled parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
