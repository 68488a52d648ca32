import type { MigrationCheck } from '../../src-preload/contract/migration';
import type { ScopedApiClient } from '../api';
import { toUserError } from '../migration';

/** Runs `probe` and reports whether the service refused it (the expected outcome after the migration). */
async function refused(label: string, probe: () => Promise<unknown>, okWhenRefused: string): Promise<MigrationCheck> {
  try {
    await probe();
    return { label, ok: false, detail: 'The service still answered; the zone does not look migrated.' };
  } catch (e) {
    const err = toUserError(e);
    return err.code === 'network' || err.code === 'timeout' || err.code === 'auth'
      ? { label, ok: false, detail: err.message }
      : { label, ok: true, detail: `${okWhenRefused} The service answered: ${err.message}` };
  }
}

/**
 * Read-only probes that a migrated zone behaves as the spec says: the previous managed-rules API
 * refuses, the compatibility check reports the finished state (a second migration is refused), the
 * config operation refuses, and the entry-point ruleset holds the new rules. Nothing is written.
 */
export async function verifyMigrated(client: ScopedApiClient, zoneId: string, opts: { signal?: AbortSignal } = {}): Promise<MigrationCheck[]> {
  const checks: MigrationCheck[] = [];
  try {
    const c = await client.checkCompatibility(zoneId, opts);
    checks.push(
      c.migration_state === 'finished' && !c.compatible
        ? { label: 'A second migration', ok: true, detail: `Refused: the compatibility check answers compatible=false, migration_state=${c.migration_state}.` }
        : { label: 'A second migration', ok: false, detail: `The check answers compatible=${String(c.compatible)}, migration_state=${c.migration_state}.` },
    );
  } catch (e) {
    checks.push({ label: 'A second migration', ok: false, detail: toUserError(e).message });
  }
  checks.push(await refused('New configuration from the previous one', () => client.getNewConfiguration(zoneId, opts), 'Refused, as expected.'));
  checks.push(await refused('Previous managed-rules API (packages)', () => client.listWafPackages(zoneId, opts), 'Gone, as expected.'));
  try {
    const ep = await client.getEntrypoint(zoneId, opts);
    checks.push(
      ep
        ? { label: 'Entry-point ruleset', ok: true, detail: `${ep.name} (${ep.id}), version ${ep.version}, ${ep.rules.length} rule(s) in ${ep.phase}.` }
        : { label: 'Entry-point ruleset', ok: false, detail: 'The phase has no entry-point ruleset.' },
    );
  } catch (e) {
    checks.push({ label: 'Entry-point ruleset', ok: false, detail: toUserError(e).message });
  }
  return checks;
}
