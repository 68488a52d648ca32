import type { DnsMutationResult, DnsUndoResult } from '../../src-preload/contract/dns';
import type { DnsBatchResult } from '../dns/types';
import { AppError } from '../ipc/app-error';
import { toDnsAppError } from './api-errors';
import type { StoredEntry } from './journal-store';
import { toRow } from './record-input';
import { planUndo, undoChanges } from './undo-plan';
import type { OpenZone, WorkbenchContext } from './workbench-context';

/**
 * Undo through the API: the zone is read fresh first (the journal's "after" is compared with what
 * is live now), each entry is reverted by one atomic batch, and the undo is journaled in turn.
 */
export function createUndo(ctx: WorkbenchContext) {
  async function undoOne(z: OpenZone, entry: StoredEntry): Promise<{ result: DnsMutationResult } | { conflict: string }> {
    if (entry.undoneBy !== null) return { conflict: `“${entry.summary}” was already undone.` };
    const plan = planUndo(entry.all, z.state.records, (id) => ctx.journal.resolveId(z.scope, id));
    if (!plan.ok) return { conflict: `Cannot undo “${entry.summary}”: ${plan.message}` };
    let batchResult: DnsBatchResult = {};
    if (plan.batch.deletes || plan.batch.puts || plan.batch.posts) {
      try {
        batchResult = await z.api.batchRecords(z.scope.zoneId, plan.batch);
      } catch (error) {
        const appError = toDnsAppError(error);
        if (appError instanceof AppError) return { conflict: `Cannot undo “${entry.summary}”: the service refused — ${appError.message}` };
        throw error;
      }
    }
    const changes = undoChanges(plan, batchResult);
    (batchResult.posts ?? []).forEach((r, i) => {
      const oldId = plan.recreatedFrom[i];
      if (oldId) ctx.journal.addAlias(z.scope, oldId, r.id);
    });
    const label = entry.kind === 'undo' ? `Redo: ${entry.summary.replace(/^Undo: /, '')}` : `Undo: ${entry.summary}`;
    const result = ctx.commit(z, 'undo', label, changes, entry.id);
    if (result.entry) ctx.journal.markUndone(entry.id, result.entry.id);
    return { result };
  }

  return async function undo(zoneId: string, which: { entryId: number } | { last: number }): Promise<DnsUndoResult> {
    const z = await ctx.openZone(zoneId, true);
    const entries = 'entryId' in which ? [ctx.journal.get(z.scope, which.entryId)] : ctx.journal.lastUndoable(z.scope, which.last);
    const out: DnsUndoResult = { upserted: [], removedIds: [], entry: null, fetchedAt: z.state.fetchedAt, undoneIds: [], conflict: null, records: [] };
    if (entries.length === 0) out.conflict = { entryId: 0, message: 'There is nothing to undo in this zone.' };
    for (const entry of entries) {
      if (!entry) throw new AppError('NOT_FOUND', 'That journal entry does not exist for this account and zone.');
      const step = await undoOne(z, entry);
      if ('conflict' in step) {
        out.conflict = { entryId: entry.id, message: step.conflict };
        break;
      }
      out.undoneIds.push(entry.id);
      out.entry = step.result.entry;
      out.upserted.push(...step.result.upserted);
      out.removedIds.push(...step.result.removedIds);
    }
    out.records = [...z.state.records.values()].map(toRow);
    return out;
  };
}
