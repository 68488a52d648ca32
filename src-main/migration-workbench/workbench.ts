import type { MigrationCheck, MigrationView, MigrationZoneSummary } from '../../src-preload/contract/migration';
import { createApiClient, type ApiClient, type Credential, type ScopedApiClient } from '../api';
import { AppError } from '../ipc/app-error';
import {
  initialWizardState,
  reachableSteps,
  runStep,
  toUserError,
  transition,
  type StepInput,
  type WizardEvent,
  type WizardState,
  type WizardStep,
} from '../migration';
import type { SettingsDb } from '../settings-db';
import { applyAdjustments, type OverrideEdit } from './adjustments';
import { createProgressStore } from './progress-store';
import { verifyMigrated } from './verify';
import { buildView, planLabel, stepsDone } from './view';

/** The account the workbench talks to (the vault's active connection). */
export interface ActiveConnection {
  profileId: string;
  baseUrl: string;
  credential: Credential;
}

export interface WorkbenchDeps {
  db: SettingsDb;
  connection: () => Promise<ActiveConnection>;
  /** One client per base URL; injectable for tests. */
  apiFor?: (baseUrl: string) => ApiClient;
  clock?: () => number;
}

export interface CallOpts {
  signal?: AbortSignal;
}

export type MigrationWorkbench = ReturnType<typeof createMigrationWorkbench>;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

interface ZoneCtx {
  profileId: string;
  client: ScopedApiClient;
  state: WizardState;
  opts: CallOpts;
}

/**
 * The main side of the Migration screen: runs the pure wizard (`../migration`) against the active
 * account's API, saves each zone's progress in the settings database after every step (so it
 * resumes after a restart) and serialises the calls of one zone so two clicks cannot race.
 */
export function createMigrationWorkbench(deps: WorkbenchDeps) {
  const store = createProgressStore(deps.db, deps.clock);
  const clients = new Map<string, ApiClient>();
  const queues = new Map<string, Promise<unknown>>();

  async function scoped(): Promise<{ profileId: string; client: ScopedApiClient }> {
    let conn: ActiveConnection;
    try {
      conn = await deps.connection();
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError('UNAVAILABLE', `No account is ready: ${e instanceof Error ? e.message : String(e)}`);
    }
    let api = clients.get(conn.baseUrl);
    if (!api) {
      api = (deps.apiFor ?? ((baseUrl) => createApiClient({ baseUrl })))(conn.baseUrl);
      clients.set(conn.baseUrl, api);
    }
    return { profileId: conn.profileId, client: api.withCredential(conn.credential) };
  }

  /** Runs `fn` on the zone's wizard, one call at a time per zone, and saves what it returns. */
  async function withZone(zoneId: string, opts: CallOpts, fn: (ctx: ZoneCtx) => Promise<WizardState>): Promise<MigrationView> {
    const { profileId, client } = await scoped();
    const key = `${profileId}\u0000${zoneId}`;
    const run = async (): Promise<MigrationView> => {
      let state = store.load(profileId, zoneId)?.state;
      if (!state) {
        try {
          const zone = await client.getZone(zoneId, opts);
          state = initialWizardState({ id: zone.id, name: zone.name, plan: zone.plan?.legacy_id ?? 'free' });
        } catch (e) {
          const err = toUserError(e);
          throw new AppError(err.code === 'api_1001' || err.code === 'api_404' ? 'NOT_FOUND' : 'API_ERROR', err.message);
        }
      }
      const next = await fn({ profileId, client, state, opts });
      const saved = store.save(profileId, next);
      return buildView({ ...saved.state, error: next.error }, saved.updatedAt);
    };
    const previous = queues.get(key) ?? Promise.resolve();
    const current = previous.then(run, run);
    queues.set(key, current.catch(() => undefined));
    return current;
  }

  /** Runs one step and applies its event; `stay` keeps the screen on the step just run, to show its result. */
  async function step(ctx: ZoneCtx, s: WizardStep, input: StepInput = {}, stay = false): Promise<WizardState> {
    const event = await runStep(ctx.client, ctx.state, s, input, ctx.opts);
    let next = apply(ctx.state, event);
    if (stay && !next.error && next.migrationState !== 'finished' && reachableSteps(next).includes(s)) next = { ...next, step: s };
    ctx.state = next;
    return next;
  }

  /** `transition`, plus: new previous settings invalidate Review and what follows it. */
  function apply(state: WizardState, event: WizardEvent): WizardState {
    let next = transition(state, event);
    if (
      event.type === 'checked' && !next.error && next.migrationState !== 'finished' &&
      state.legacy && event.legacy && !same(state.legacy, event.legacy) && next.done.includes('review')
    ) {
      next = transition(next, { type: 'inputsChanged', step: 'review' });
    }
    return next;
  }

  /** The saved wizard (or a fresh one), reconciled with the service: a zone migrated elsewhere shows its status. */
  function open(zoneId: string, opts: CallOpts = {}): Promise<MigrationView> {
    return withZone(zoneId, opts, async (ctx) => {
      try {
        const status = await ctx.client.getMigrationStatus(zoneId, opts);
        if (status.migration_state === 'start' && (ctx.state.migrationState === 'finished' || ctx.state.migrationState === 'validation')) {
          // The service is back at the start (e.g. the sandbox was reset): the saved progress describes another world.
          const { zoneId: id, zoneName: name, plan } = ctx.state;
          return { ...initialWizardState({ id, name, plan }), status };
        }
        if (status.migration_state === 'finished' && ctx.state.migrationState !== 'finished') return step(ctx, 'status');
        if (ctx.state.migrationState !== 'finished' && status.migration_state !== ctx.state.migrationState && ctx.state.compatibility) {
          // The service moved on without this wizard (e.g. validation started elsewhere): check again.
          return step(ctx, 'eligibility', {}, true);
        }
        return { ...ctx.state, status };
      } catch (e) {
        return { ...ctx.state, error: toUserError(e) };
      }
    });
  }

  return {
    /** Zones of the active account with plan, the service's migration state and saved progress. */
    async listZones(opts: CallOpts = {}): Promise<MigrationZoneSummary[]> {
      const { profileId, client } = await scoped();
      const saved = store.list(profileId);
      const zones = [];
      try {
        for await (const z of client.listAllZones({}, opts)) zones.push(z);
      } catch (e) {
        throw new AppError('API_ERROR', toUserError(e).message);
      }
      return Promise.all(
        zones.map(async (z): Promise<MigrationZoneSummary> => {
          const progress = saved.get(z.id);
          const base = {
            id: z.id, name: z.name, plan: z.plan?.legacy_id ?? 'free', planName: planLabel(z.plan?.legacy_id ?? 'free'),
            step: progress?.state.step ?? null, stepsDone: progress ? stepsDone(progress.state) : 0,
          };
          try {
            const status = await client.getMigrationStatus(z.id, opts);
            return { ...base, migrationState: status.migration_state, statusError: null };
          } catch (e) {
            return { ...base, migrationState: progress?.state.migrationState ?? null, statusError: toUserError(e).message };
          }
        }),
      );
    },

    open,

    check: (zoneId: string, opts: CallOpts = {}) => withZone(zoneId, opts, (ctx) => step(ctx, 'eligibility', {}, true)),
    loadConfig: (zoneId: string, opts: CallOpts = {}) => withZone(zoneId, opts, (ctx) => step(ctx, 'review', {}, true)),

    /** Replaces the per-rule overrides of the edited rulesets; invalid entries come back as field issues. */
    saveAdjustments(zoneId: string, edits: OverrideEdit[], opts: CallOpts = {}): Promise<MigrationView> {
      return withZone(zoneId, opts, async (ctx) => {
        if (!ctx.state.config) return apply(ctx.state, { type: 'error', error: { code: 'out_of_order', message: 'Load the new configuration first.', retryable: false } });
        const result = applyAdjustments(ctx.state.config, edits);
        if (!result.ok) {
          throw new AppError('INVALID_ARGUMENT', result.issues.map((i) => i.message).join('\n'), {
            issues: result.issues.map((i) => ({ path: `${i.rulesetId}.${i.index}.${i.field}`, message: i.message })),
          });
        }
        return step(ctx, 'adjust', { config: result.config });
      });
    },

    /** Enterprise: deploys the configuration side by side, then reads the status (both enabled). */
    deployValidation(zoneId: string, opts: CallOpts = {}): Promise<MigrationView> {
      return withZone(zoneId, opts, async (ctx) => {
        const next = await step(ctx, 'validation', {}, true);
        if (next.error) return next;
        return step(ctx, 'status', {}, true).then((s) => (s.error ? s : { ...s, step: 'validation' }));
      });
    },

    /** Finishes (irreversible): refused unless the zone name is typed exactly (`confirmsZoneName`). */
    finish(zoneId: string, confirmZoneName: string, opts: CallOpts = {}): Promise<MigrationView> {
      return withZone(zoneId, opts, async (ctx) => {
        // runStep refuses a second migration and a zone name not typed exactly, before any call.
        const next = await step(ctx, 'finish', { confirmZoneName });
        return next.error ? next : step(ctx, 'status');
      });
    },

    /** Reads the old/new flags, the state and (after validation or the migration) the entry point. */
    refreshStatus(zoneId: string, opts: CallOpts = {}): Promise<MigrationView> {
      return withZone(zoneId, opts, async (ctx) => {
        const before = ctx.state.step;
        const next = await step(ctx, 'status');
        return next.migrationState === 'finished' || next.error ? next : { ...next, step: before };
      });
    },

    navigate(zoneId: string, to: WizardStep, opts: CallOpts = {}): Promise<MigrationView> {
      return withZone(zoneId, opts, async (ctx) => {
        if (reachableSteps(ctx.state).includes(to)) return { ...ctx.state, step: to, error: null };
        return transition(ctx.state, { type: 'navigate', step: to });
      });
    },

    /** Deletes a URI-based override (the user confirmed it by name), then checks compatibility again. */
    deleteOverride(zoneId: string, overrideId: string, opts: CallOpts = {}): Promise<MigrationView> {
      return withZone(zoneId, opts, async (ctx) => {
        if (ctx.state.migrationState === 'finished') {
          return apply(ctx.state, { type: 'error', error: { code: 'finished', message: 'The zone has migrated; the previous overrides no longer exist.', retryable: false } });
        }
        try {
          await ctx.client.deleteWafOverride(zoneId, overrideId, opts);
        } catch (e) {
          return apply(ctx.state, { type: 'error', error: toUserError(e) });
        }
        return step(ctx, 'eligibility', {}, true);
      });
    },

    /** After the migration: the service's own word that the previous API is gone and it cannot run again. */
    async verify(zoneId: string, opts: CallOpts = {}): Promise<MigrationCheck[]> {
      const { client } = await scoped();
      return verifyMigrated(client, zoneId, opts);
    },

    /** Forgets the saved progress (not the service's state) and opens the zone afresh. */
    async reset(zoneId: string, opts: CallOpts = {}): Promise<MigrationView> {
      const { profileId } = await scoped();
      store.remove(profileId, zoneId);
      return open(zoneId, opts);
    },
  };
}
