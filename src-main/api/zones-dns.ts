import type {
  DnsBatchRequest,
  DnsBatchResult,
  DnsListQuery,
  DnsRecord,
  DnsRecordInput,
  DnsRecordPatch,
  ImportResult,
  ImportTiming,
  Zone,
  ZoneListQuery,
} from '../dns/types';
import type { Credential } from './credential';
import { dnsListParams } from './dns-query';
import type { PageInfo } from './envelope';
import type { CallOptions, Transport } from './transport';

/** One page of a list endpoint. */
export interface Page<T> {
  items: T[];
  info: PageInfo;
}

/** Records fetched per page by the iterators (the service allows far more; fewer round trips). */
export const DEFAULT_RECORD_PAGE_SIZE = 5000;

const enc = encodeURIComponent;

/** Zone and DNS-record methods bound to one credential. */
export function zoneAndDnsMethods(t: Transport, cred: Credential) {
  const page = <T>(result: unknown, info: PageInfo | undefined): Page<T> => {
    const items = result as T[];
    return { items, info: info ?? { page: 1, per_page: items.length, count: items.length, total_count: items.length, total_pages: 1 } };
  };

  async function listZones(query: ZoneListQuery = {}, opts: CallOptions = {}): Promise<Page<Zone>> {
    const env = await t.json(cred, { method: 'GET', path: '/zones', query: { ...query }, ...opts });
    return page<Zone>(env.result, env.result_info);
  }

  async function listRecords(zoneId: string, query: DnsListQuery = {}, opts: CallOptions = {}): Promise<Page<DnsRecord>> {
    const env = await t.json(cred, { method: 'GET', path: `/zones/${enc(zoneId)}/dns_records`, query: dnsListParams(query), ...opts });
    return page<DnsRecord>(env.result, env.result_info);
  }

  /** Yields pages until the last one (by total_pages, or an empty/short page when it is absent). */
  async function* iterateRecords(zoneId: string, query: DnsListQuery = {}, opts: CallOptions = {}): AsyncGenerator<DnsRecord[]> {
    const perPage = query.per_page ?? DEFAULT_RECORD_PAGE_SIZE;
    for (let n = query.page ?? 1; ; n++) {
      const p = await listRecords(zoneId, { ...query, page: n, per_page: perPage }, opts);
      if (p.items.length > 0) yield p.items;
      const last = p.info.total_pages !== undefined ? n >= p.info.total_pages : p.items.length < perPage;
      if (last || p.items.length === 0) return;
    }
  }

  return {
    listZones,
    async getZone(zoneId: string, opts: CallOptions = {}): Promise<Zone> {
      return (await t.json(cred, { method: 'GET', path: `/zones/${enc(zoneId)}`, ...opts })).result as Zone;
    },
    /** Every zone matching `query`, page after page. */
    async *listAllZones(query: ZoneListQuery = {}, opts: CallOptions = {}): AsyncGenerator<Zone> {
      for (let n = 1; ; n++) {
        const p = await listZones({ ...query, page: n, per_page: query.per_page ?? 50 }, opts);
        yield* p.items;
        if (p.items.length === 0 || n >= (p.info.total_pages ?? n)) return;
      }
    },
    listRecords,
    iterateRecords,
    /** Every record matching `query` (all pages). */
    async listAllRecords(zoneId: string, query: DnsListQuery = {}, opts: CallOptions = {}): Promise<DnsRecord[]> {
      const out: DnsRecord[] = [];
      for await (const items of iterateRecords(zoneId, query, opts)) out.push(...items);
      return out;
    },
    async getRecord(zoneId: string, recordId: string, opts: CallOptions = {}): Promise<DnsRecord> {
      return (await t.json(cred, { method: 'GET', path: `/zones/${enc(zoneId)}/dns_records/${enc(recordId)}`, ...opts })).result as DnsRecord;
    },
    async createRecord(zoneId: string, record: DnsRecordInput, opts: CallOptions = {}): Promise<DnsRecord> {
      return (await t.json(cred, { method: 'POST', path: `/zones/${enc(zoneId)}/dns_records`, body: record, ...opts })).result as DnsRecord;
    },
    /** PATCH: changes only the given fields. */
    async patchRecord(zoneId: string, recordId: string, patch: DnsRecordPatch, opts: CallOptions = {}): Promise<DnsRecord> {
      return (await t.json(cred, { method: 'PATCH', path: `/zones/${enc(zoneId)}/dns_records/${enc(recordId)}`, body: patch, ...opts })).result as DnsRecord;
    },
    /** PUT: overwrites; unspecified fields take their defaults (proxied false, comment null, tags []). */
    async putRecord(zoneId: string, recordId: string, record: DnsRecordInput, opts: CallOptions = {}): Promise<DnsRecord> {
      return (await t.json(cred, { method: 'PUT', path: `/zones/${enc(zoneId)}/dns_records/${enc(recordId)}`, body: record, ...opts })).result as DnsRecord;
    },
    async deleteRecord(zoneId: string, recordId: string, opts: CallOptions = {}): Promise<{ id: string }> {
      return (await t.json(cred, { method: 'DELETE', path: `/zones/${enc(zoneId)}/dns_records/${enc(recordId)}`, ...opts })).result as { id: string };
    },
    /** Deletes → patches → puts → posts in one all-or-nothing transaction. */
    async batchRecords(zoneId: string, batch: DnsBatchRequest, opts: CallOptions = {}): Promise<DnsBatchResult> {
      return (await t.json(cred, { method: 'POST', path: `/zones/${enc(zoneId)}/dns_records/batch`, body: batch, ...opts })).result as DnsBatchResult;
    },
    /** The zone as BIND text (comments, tags and proxied state ride in `;` comments). */
    async exportZone(zoneId: string, opts: CallOptions = {}): Promise<string> {
      return t.text(cred, { method: 'GET', path: `/zones/${enc(zoneId)}/dns_records/export`, ...opts });
    },
    /** Imports BIND text (multipart `file` + `proxied`). */
    async importZone(zoneId: string, text: string, options: { proxied?: boolean } = {}, opts: CallOptions = {}): Promise<ImportResult & { timing?: ImportTiming }> {
      const form = new FormData();
      form.append('file', new Blob([text], { type: 'text/plain' }), 'zone.txt');
      form.append('proxied', String(options.proxied ?? false));
      const env = await t.json(cred, { method: 'POST', path: `/zones/${enc(zoneId)}/dns_records/import`, body: form, ...opts });
      const timing = env.extra.timing as ImportTiming | undefined;
      return { ...(env.result as ImportResult), ...(timing ? { timing } : {}) };
    },
  };
}
