import type { DomainHandlers } from '../ipc/router';
import type { MigrationWorkbench } from './workbench';

/** IPC handlers of the Migration screen over the workbench; the router has validated the args. */
export function createMigrationHandlers(wb: MigrationWorkbench): DomainHandlers<'migration'> {
  return {
    'migration.listZones': (_args, ctx) => wb.listZones({ signal: ctx.signal }),
    'migration.open': (a, ctx) => wb.open(a.zoneId, { signal: ctx.signal }),
    'migration.check': (a, ctx) => wb.check(a.zoneId, { signal: ctx.signal }),
    'migration.loadConfig': (a, ctx) => wb.loadConfig(a.zoneId, { signal: ctx.signal }),
    'migration.saveAdjustments': (a, ctx) => wb.saveAdjustments(a.zoneId, a.rulesets, { signal: ctx.signal }),
    'migration.deployValidation': (a, ctx) => wb.deployValidation(a.zoneId, { signal: ctx.signal }),
    'migration.finish': (a, ctx) => wb.finish(a.zoneId, a.confirmZoneName, { signal: ctx.signal }),
    'migration.refreshStatus': (a, ctx) => wb.refreshStatus(a.zoneId, { signal: ctx.signal }),
    'migration.navigate': (a, ctx) => wb.navigate(a.zoneId, a.step, { signal: ctx.signal }),
    'migration.deleteOverride': (a, ctx) => wb.deleteOverride(a.zoneId, a.overrideId, { signal: ctx.signal }),
    'migration.verify': (a, ctx) => wb.verify(a.zoneId, { signal: ctx.signal }),
    'migration.reset': (a, ctx) => wb.reset(a.zoneId, { signal: ctx.signal }),
  };
}
