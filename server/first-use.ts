/**
 * Something loaded once, at its first use: above all the modules of calls an exam day does not
 * make (e-mail, QR pictures, certificates, sheets, uploads, backups), which a start would otherwise
 * import. A restart spends most of its time importing modules (DESIGN section 8 budgets 1.5 s to
 * healthy; decision 046). A failed load is tried again at the next use rather than remembered.
 *
 * tests/unit/start-modules.test.ts lists the packages a start must not import. The SPA's
 * `onDemand` (src/lib/on-demand.ts) keeps the same rule for its code and adds what rendering
 * needs (the value synchronously once in, suspending until then); the server cannot take React.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}
