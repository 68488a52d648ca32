import type { DnsRecordsResult, DnsValidateResult, DnsWarning, DnsZonesResult } from '../../src-preload/contract/dns';
import { normalizeRecordName } from '../dns/names';
import { RECORD_TYPE_FIELDS } from '../dns/record-fields';
import { validateRecord } from '../dns/validate';
import type { DnsBatchRequest } from '../dns/types';
import type { DomainHandlers } from '../ipc/router';
import { callApi } from './api-errors';
import { cnameChainWarning } from './cname-chain';
import { toRow } from './record-input';
import { createUndo } from './undo';
import { validationContext } from './validation-context';
import { createWorkbenchContext, zoneSummary, type DnsWorkbenchDeps } from './workbench-context';
import { createWrites } from './writes';

const REMEMBERED_ZONE = 'dns.zone';

/**
 * The DNS screen's channels: zones and records of the active account (records cached in main,
 * sent whole so the renderer filters per keystroke), validation, writes, import/export, journal, undo.
 */
export function createDnsHandlers(deps: DnsWorkbenchDeps): { handlers: DomainHandlers<'dns'>; dispose(): void } {
  const ctx = createWorkbenchContext(deps);
  const writes = createWrites(ctx);
  const undo = createUndo(ctx);

  async function validate(zoneId: string, input: Record<string, unknown>, recordId?: string): Promise<DnsValidateResult> {
    const state = ctx.cachedZone(zoneId) ?? (await ctx.openZone(zoneId)).state;
    const name = typeof input.name === 'string' ? normalizeRecordName(input.name, state.zone.name) : null;
    const byName = ctx.cache.byName(state);
    const existing = name?.ok ? (byName.get(name.fqdn) ?? []) : [];
    const result = validateRecord(input, validationContext(state.zone, existing, recordId));
    const warnings: DnsWarning[] = [];
    if (result.ok) {
      const chain = cnameChainWarning({ ...result.record, ...(recordId ? { id: recordId } : {}) }, byName, state.zone.name);
      if (chain) warnings.push({ code: 'cname-chain', message: chain });
    }
    return { ok: result.ok, issues: result.ok ? [] : result.issues, warnings };
  }

  const handlers: DomainHandlers<'dns'> = {
    'dns.listZones': async (): Promise<DnsZonesResult> => {
      const { conn, api } = await ctx.open();
      const zones = await callApi(async () => {
        const all = [];
        for await (const z of api.listAllZones()) all.push(zoneSummary(z));
        return all;
      });
      zones.sort((a, b) => a.name.localeCompare(b.name));
      const remembered = ctx.journal.recall(conn.profileId, REMEMBERED_ZONE);
      return {
        account: { profileId: conn.profileId, profileName: conn.profileName, isSandbox: conn.isSandbox },
        zones,
        rememberedZoneId: zones.some((z) => z.id === remembered) ? remembered : null,
      };
    },
    'dns.rememberZone': async ({ zoneId }) => {
      const { conn } = await ctx.open();
      ctx.journal.remember(conn.profileId, REMEMBERED_ZONE, zoneId);
      return { zoneId };
    },
    'dns.recordTypes': () => RECORD_TYPE_FIELDS,
    'dns.listRecords': async ({ zoneId, refresh }): Promise<DnsRecordsResult> => {
      const z = await ctx.openZone(zoneId, refresh === true);
      return {
        zoneId,
        zoneName: z.state.zone.name,
        plan: z.state.zone.plan,
        records: [...z.state.records.values()].map(toRow),
        fetchedAt: z.state.fetchedAt,
      };
    },
    'dns.validateRecord': ({ zoneId, input, recordId }) => validate(zoneId, input, recordId),
    'dns.createRecord': ({ zoneId, input }) => writes.create(zoneId, input),
    'dns.updateRecord': ({ zoneId, recordId, input }) => writes.update(zoneId, recordId, input),
    'dns.setProxied': ({ zoneId, recordId, proxied }) => writes.setProxied(zoneId, recordId, proxied),
    'dns.deleteRecords': ({ zoneId, ids }) => writes.remove(zoneId, ids),
    'dns.previewBulk': ({ zoneId, ids, action }) => writes.previewBulk(zoneId, ids, action),
    'dns.applyBulk': ({ zoneId, ids, action }) => writes.applyBulk(zoneId, ids, action),
    'dns.batch': ({ zoneId, batch, summary }) => writes.batch(zoneId, batch as unknown as DnsBatchRequest, summary),
    'dns.previewImport': ({ zoneId, text, proxied }) => writes.previewImport(zoneId, text, proxied),
    'dns.applyImport': ({ zoneId, text, proxied, skipInvalid }) => writes.applyImport(zoneId, text, proxied, skipInvalid === true),
    'dns.exportZone': async ({ zoneId }) => {
      const z = await ctx.openZone(zoneId);
      const text = await callApi(() => z.api.exportZone(zoneId));
      return { fileName: `${z.state.zone.name}.zone`, text };
    },
    'dns.listJournal': async ({ zoneId }) => {
      const { conn } = await ctx.open();
      return ctx.journal.list({ profileId: conn.profileId, zoneId });
    },
    'dns.undo': (args) => undo(args.zoneId, 'entryId' in args ? { entryId: args.entryId } : { last: args.last }),
  };
  return { handlers, dispose: ctx.dispose };
}
