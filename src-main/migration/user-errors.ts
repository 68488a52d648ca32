import { migrationErrorName, type MigrationErrorName } from './error-codes';

/** An error as the migration screen shows it: a stable code and a sentence for the user. */
export interface UserError {
  code: string;
  message: string;
  retryable: boolean;
}

const MESSAGES: Record<MigrationErrorName, string> = {
  entrypointNotFound: 'The zone has no managed-rules entry point yet.',
  phaseTwoRequired: 'The service refused the request: the migration endpoints need phase_two=1.',
  invalidMode: 'The service did not recognise the migration mode.',
  invalidBody: 'The service refused the new configuration; check the rule overrides.',
  validationEnterpriseOnly: 'Validation mode (both versions side by side) is available only on Enterprise zones.',
  notEligible: 'The zone is not eligible for the migration with its present configuration. Run the compatibility check again.',
  alreadyMigrated: 'This zone has already migrated to the new managed rules. The migration cannot be run again or reversed.',
  enabledRulesBeforeMigration: 'Before migrating, Pro and Business zones can only deploy disabled rules to the entry point.',
  legacyApiGone: 'The previous managed-rules API no longer works for this zone because it has migrated; use the rulesets API.',
  legacyItemNotFound: 'That item of the previous managed rules no longer exists; refresh.',
};

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  status?: unknown;
  code?: unknown;
  messages?: unknown;
}

/**
 * Maps anything the client can throw (ApiError, NetworkError, TimeoutError, AbortError) to a clear
 * user message. Duck-typed so this pure module does not depend on the HTTP client.
 */
export function toUserError(err: unknown): UserError {
  const e = (typeof err === 'object' && err !== null ? err : {}) as ErrorLike;
  const detail = typeof e.message === 'string' ? e.message : String(err);
  if (e.name === 'AbortError') return { code: 'aborted', message: 'The operation was cancelled.', retryable: true };
  if (e.name === 'TimeoutError') return { code: 'timeout', message: 'The service did not answer in time. Try again.', retryable: true };
  if (e.name === 'NetworkError') return { code: 'network', message: `The service could not be reached (${detail}).`, retryable: true };
  if (typeof e.status === 'number') {
    const code = typeof e.code === 'number' ? e.code : 0;
    const name = migrationErrorName(code);
    const serverText = detail ? ` (${detail})` : '';
    if (name) return { code: name, message: `${MESSAGES[name]}${serverText}`, retryable: false };
    if (e.status === 429) return { code: 'rate_limited', message: 'Too many requests to the service; wait a moment and try again.', retryable: true };
    if (e.status === 401 || e.status === 403 || [6003, 9103, 9106, 9109, 10000, 1000].includes(code))
      return { code: 'auth', message: `The credential was refused${serverText}. Check the account's API token or key.`, retryable: false };
    if (e.status >= 500) return { code: 'server', message: `The service failed${serverText}. Try again later.`, retryable: true };
    return { code: `api_${code || e.status}`, message: `The service refused the request${serverText}.`, retryable: false };
  }
  return { code: 'unexpected', message: detail, retryable: false };
}
