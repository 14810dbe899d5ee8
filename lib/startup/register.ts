import { prepareWith } from '../db/preparation';

/**
 * Hands the catalog's start-up to the database layer, for the server (instrumentation.ts).
 * The catalog opens on the first query; only then are the start-up's modules (the demo
 * generator, the importer) loaded.
 */
export function registerCatalogStartup(): void {
  prepareWith(async (db) => {
    const { prepareCatalog, followCatalogChanges } = await import('./catalog');
    await prepareCatalog(db);
    // The server alone follows the catalog's changes: a listening connection would keep a tool's process alive.
    await followCatalogChanges(db);
    // And it alone sends the account e-mails left in the outbox (by this process, or by
    // an instance that stopped before sending them).
    const { startOutboxSender } = await import('../accounts/outbox-sender');
    startOutboxSender();
  });
}
