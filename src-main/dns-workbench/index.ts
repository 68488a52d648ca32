/** The DNS screen's main side: handlers over the API client, the zone cache, the change journal with undo. */
export { createDnsHandlers } from './handlers';
export type { AccountsSource, ActiveConnection } from './connection';
export type { DnsWorkbenchDeps } from './workbench-context';
export { planUndo, undoChanges, batchChanges, type StoredChange, type UndoPlan } from './undo-plan';
export { planBulk, batchLimit } from './bulk-plan';
export { cnameChainWarning, indexByName } from './cname-chain';
export { apiErrorsToFields, FIELD_BY_CODE } from './api-errors';
export { previewImport } from './import-preview';
export { createJournalStore, type JournalStore } from './journal-store';
