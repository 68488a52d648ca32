/** Main side of the Migration screen: the per-zone wizard over the API, with saved progress. */
export { createMigrationWorkbench, type MigrationWorkbench, type ActiveConnection, type WorkbenchDeps } from './workbench';
export { createMigrationHandlers } from './handlers';
export { createProgressStore, type ProgressStore, type SavedProgress } from './progress-store';
export { applyAdjustments, rulesetsOf, rulesetName, type OverrideEdit, type AdjustIssue, type RulesetOverrides } from './adjustments';
export { buildView, planLabel, stepsDone } from './view';
export { verifyMigrated } from './verify';
