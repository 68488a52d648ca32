/**
 * Error codes the migration endpoints answer with. The real service's codes for these refusals are
 * not published (service-api-facts §5), so the emulator chooses them here — one module shared with
 * the app's error mapping, so the two cannot drift. 10003 is the real "no entry point" code.
 */
export const MIGRATION_ERRORS = {
  entrypointNotFound: { code: 10003, status: 404 },
  phaseTwoRequired: { code: 10020, status: 400 },
  invalidMode: { code: 10021, status: 400 },
  invalidBody: { code: 10022, status: 400 },
  validationEnterpriseOnly: { code: 10023, status: 403 },
  notEligible: { code: 10024, status: 409 },
  alreadyMigrated: { code: 10025, status: 409 },
  enabledRulesBeforeMigration: { code: 10026, status: 403 },
  legacyApiGone: { code: 10027, status: 410 },
  legacyItemNotFound: { code: 10028, status: 404 },
} as const;

export type MigrationErrorName = keyof typeof MIGRATION_ERRORS;

/** Reverse lookup: the refusal name for a code, if it is one of the migration's. */
export function migrationErrorName(code: number): MigrationErrorName | undefined {
  return (Object.keys(MIGRATION_ERRORS) as MigrationErrorName[]).find((k) => MIGRATION_ERRORS[k].code === code);
}
