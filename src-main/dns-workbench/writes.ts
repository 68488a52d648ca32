import type { DnsBulkAction, DnsBulkPreview, DnsImportPreview, DnsMutationResult } from '../../src-preload/contract/dns';
import type { DnsBatchRequest, DnsRecordInput, DnsRecordPatch } from '../dns/types';
import { AppError } from '../ipc/app-error';
import { callApi } from './api-errors';
import { batchLimit, batchSize, planBulk } from './bulk-plan';
import { previewImport } from './import-preview';
import { describeRecord } from './record-input';
import { batchChanges, type StoredChange } from './undo-plan';
import type { OpenZone, WorkbenchContext } from './workbench-context';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The writes of the DNS workbench; each one goes to the service, then the cache and the journal. */
export function createWrites(ctx: WorkbenchContext) {
  function checkLimit(z: OpenZone, batch: DnsBatchRequest): void {
    const limit = batchLimit(z.state.zone.plan);
    const size = batchSize(batch);
    if (size > limit) {
      throw new AppError('INVALID_ARGUMENT', `One batch holds at most ${limit} changes on the ${z.state.zone.planName} plan; this one has ${size}. Select fewer records.`);
    }
  }

  async function runBatch(z: OpenZone, batch: DnsBatchRequest, kind: 'delete' | 'bulk' | 'batch', summary: string): Promise<DnsMutationResult> {
    checkLimit(z, batch);
    const lookup = (id: string) => z.state.records.get(id);
    const result = await callApi(() => z.api.batchRecords(z.scope.zoneId, batch));
    return ctx.commit(z, kind, summary, batchChanges(batch, result, lookup));
  }

  return {
    async create(zoneId: string, input: Record<string, unknown>): Promise<DnsMutationResult> {
      const z = await ctx.openZone(zoneId);
      const created = await callApi(() => z.api.createRecord(zoneId, input as unknown as DnsRecordInput));
      return ctx.commit(z, 'create', `Created ${describeRecord(created)}`, [{ before: null, after: created }]);
    },

    /** PATCH with the form's fields: settings and anything the form does not show stay as they are. */
    async update(zoneId: string, recordId: string, input: Record<string, unknown>): Promise<DnsMutationResult> {
      const z = await ctx.openZone(zoneId);
      const before = z.state.records.get(recordId) ?? (await callApi(() => z.api.getRecord(zoneId, recordId)));
      const after = await callApi(() => z.api.patchRecord(zoneId, recordId, input as DnsRecordPatch));
      return ctx.commit(z, 'edit', `Edited ${describeRecord(after)}`, [{ before, after }]);
    },

    async setProxied(zoneId: string, recordId: string, proxied: boolean): Promise<DnsMutationResult> {
      const z = await ctx.openZone(zoneId);
      const before = z.state.records.get(recordId) ?? (await callApi(() => z.api.getRecord(zoneId, recordId)));
      const after = await callApi(() => z.api.patchRecord(zoneId, recordId, { proxied }));
      return ctx.commit(z, 'edit', `${proxied ? 'Proxied' : 'Set DNS only'} ${describeRecord(after)}`, [{ before, after }]);
    },

    /** Deletes the records in one atomic batch. */
    async remove(zoneId: string, ids: string[]): Promise<DnsMutationResult> {
      const z = await ctx.openZone(zoneId);
      const first = z.state.records.get(ids[0] ?? '');
      const summary = ids.length === 1 && first ? `Deleted ${describeRecord(first)}` : `Deleted ${plural(ids.length, 'record')}`;
      return runBatch(z, { deletes: ids.map((id) => ({ id })) }, 'delete', summary);
    },

    async previewBulk(zoneId: string, ids: string[], action: DnsBulkAction): Promise<DnsBulkPreview> {
      const z = await ctx.openZone(zoneId);
      return planBulk(ids, (id) => z.state.records.get(id), action).preview;
    },

    async applyBulk(zoneId: string, ids: string[], action: DnsBulkAction): Promise<DnsMutationResult> {
      const z = await ctx.openZone(zoneId);
      const { batch, preview } = planBulk(ids, (id) => z.state.records.get(id), action);
      const n = preview.changes.length;
      if (n === 0) return { upserted: [], removedIds: [], entry: null, fetchedAt: z.state.fetchedAt };
      const what = action.kind === 'delete' ? 'Deleted' : action.kind === 'ttl' ? `Set TTL ${action.ttl === 1 ? 'Auto' : `${action.ttl} s`} on` : action.proxied ? 'Proxied' : 'Set DNS only on';
      return runBatch(z, batch, action.kind === 'delete' ? 'delete' : 'bulk', `${what} ${plural(n, 'record')}`);
    },

    async batch(zoneId: string, batch: DnsBatchRequest, summary?: string): Promise<DnsMutationResult> {
      const z = await ctx.openZone(zoneId);
      return runBatch(z, batch, 'batch', summary ?? `Batch of ${plural(batchSize(batch), 'change')}`);
    },

    async previewImport(zoneId: string, text: string, proxied: boolean): Promise<DnsImportPreview> {
      const z = await ctx.openZone(zoneId);
      return previewImport(text, z.state.zone, z.state.records.values(), { proxied }).preview;
    },

    /**
     * Adds the file's new records as batch posts (not the import endpoint) so the journal knows
     * every created record and undo can remove exactly them. One batch per plan limit: files
     * larger than a batch are applied in several atomic steps, journaled as one entry.
     */
    async applyImport(zoneId: string, text: string, proxied: boolean, skipInvalid = false): Promise<DnsMutationResult> {
      const z = await ctx.openZone(zoneId, true);
      const { preview, posts } = previewImport(text, z.state.zone, z.state.records.values(), { proxied });
      if (preview.invalid.length > 0 && !skipInvalid) {
        const first = preview.invalid[0];
        throw new AppError('INVALID_ARGUMENT', `The zone file has ${plural(preview.invalid.length, 'invalid line')}; fix or remove ${first ? `line ${first.line}` : 'them'} first.`, { invalid: preview.invalid });
      }
      if (posts.length === 0) return { upserted: [], removedIds: [], entry: null, fetchedAt: z.state.fetchedAt };
      const limit = batchLimit(z.state.zone.plan);
      const changes: StoredChange[] = [];
      try {
        for (let i = 0; i < posts.length; i += limit) {
          const chunk = posts.slice(i, i + limit);
          const result = await callApi(() => z.api.batchRecords(zoneId, { posts: chunk }));
          changes.push(...(result.posts ?? []).map((after) => ({ before: null, after })));
        }
      } finally {
        // Journal what was created even when a later chunk failed, so it can be undone.
        if (changes.length > 0 && changes.length < posts.length) {
          ctx.commit(z, 'import', `Imported ${plural(changes.length, 'record')} of ${posts.length} (stopped by an error)`, changes);
        }
      }
      return ctx.commit(z, 'import', `Imported ${plural(changes.length, 'record')}${proxied ? ' (proxied)' : ''}`, changes);
    },
  };
}
