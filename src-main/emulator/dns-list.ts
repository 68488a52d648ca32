import type Database from 'better-sqlite3';
import { DNS_RECORD_TYPES, type ResultInfo } from '../dns/types';
import type { RecordRow } from './dns-store';
import { invalidQuery } from './failures';

/** A WHERE fragment with its bound values. */
interface Cond {
  sql: string;
  args: unknown[];
}

const TEXT_OPS = ['exact', 'contains', 'startswith', 'endswith'] as const;
type TextOp = (typeof TEXT_OPS)[number];
const ORDER = new Set(['type', 'name', 'content', 'ttl', 'proxied']);
const TAG_NAME = "(CASE WHEN instr(j.value, ':') > 0 THEN substr(j.value, 1, instr(j.value, ':') - 1) ELSE j.value END)";
const TAG_VALUE = "(CASE WHEN instr(j.value, ':') > 0 THEN substr(j.value, instr(j.value, ':') + 1) ELSE NULL END)";

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive text comparison in one of the four forms. */
function textCond(column: string, op: TextOp, value: string): Cond {
  const v = escapeLike(value.toLowerCase());
  switch (op) {
    case 'exact':
      return { sql: `lower(${column}) = ?`, args: [value.toLowerCase()] };
    case 'contains':
      return { sql: `lower(${column}) LIKE ? ESCAPE '\\'`, args: [`%${v}%`] };
    case 'startswith':
      return { sql: `lower(${column}) LIKE ? ESCAPE '\\'`, args: [`${v}%`] };
    default:
      return { sql: `lower(${column}) LIKE ? ESCAPE '\\'`, args: [`%${v}`] };
  }
}

/** One tag condition: `tag=<name>`, `tag=<name>:<value>`, `tag.absent=<name>`, `tag.contains=<name>:<value>` … */
function tagCond(op: 'present' | 'absent' | TextOp, raw: string): Cond {
  const i = raw.indexOf(':');
  const name = (i < 0 ? raw : raw.slice(0, i)).toLowerCase();
  const value = i < 0 ? null : raw.slice(i + 1);
  if (op === 'absent') return { sql: `NOT EXISTS (SELECT 1 FROM json_each(dns_records.tags) j WHERE ${TAG_NAME} = ?)`, args: [name] };
  if (op === 'present' || value === null) {
    if (op !== 'present' && op !== 'exact') throw invalidQuery(`tag.${op}`, 'must be <name>:<value>');
    return { sql: `EXISTS (SELECT 1 FROM json_each(dns_records.tags) j WHERE ${TAG_NAME} = ?)`, args: [name] };
  }
  const inner = textCond(TAG_VALUE, op, value);
  return { sql: `EXISTS (SELECT 1 FROM json_each(dns_records.tags) j WHERE ${TAG_NAME} = ? AND ${inner.sql})`, args: [name, ...inner.args] };
}

const combine = (conds: Cond[], op: 'AND' | 'OR'): Cond => ({
  sql: conds.map((c) => `(${c.sql})`).join(` ${op} `),
  args: conds.flatMap((c) => c.args),
});

function intParam(q: URLSearchParams, name: string, dflt: number, min: number, max: number): number {
  const raw = q.get(name);
  if (raw === null || raw === '') return dflt;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw invalidQuery(name, `must be an integer between ${min} and ${max}`);
  return Number(raw);
}

function oneOf(q: URLSearchParams, name: string, allowed: readonly string[], dflt: string): string {
  const v = q.get(name);
  if (v === null || v === '') return dflt;
  if (!allowed.includes(v)) throw invalidQuery(name, `must be one of ${allowed.join(', ')}`);
  return v;
}

/** Builds the filter of `GET /zones/{zone_id}/dns_records` from its query string (every form of §3.3). */
export function buildListFilter(q: URLSearchParams): { where: Cond; orderBy: string; page: number; perPage: number } {
  const match = oneOf(q, 'match', ['all', 'any'], 'all');
  const tagMatch = oneOf(q, 'tag_match', ['all', 'any'], 'all');
  const direction = oneOf(q, 'direction', ['asc', 'desc'], 'asc');
  const order = oneOf(q, 'order', [...ORDER], 'type');
  const page = intParam(q, 'page', 1, 1, 1_000_000_000);
  const perPage = intParam(q, 'per_page', 100, 1, 5_000_000);
  const conds: Cond[] = [];
  const tags: Cond[] = [];
  for (const [key, value] of q) {
    const [field, op = 'exact'] = key.split('.', 2) as [string, string | undefined];
    if (field === 'type') {
      const t = value.toUpperCase();
      if (!DNS_RECORD_TYPES.some((x) => x === t)) throw invalidQuery('type', 'unknown record type');
      conds.push({ sql: 'type = ?', args: [t] });
    } else if (field === 'name' || field === 'content' || field === 'comment') {
      if (field === 'comment' && (op === 'present' || op === 'absent')) {
        conds.push({ sql: op === 'present' ? 'comment IS NOT NULL' : 'comment IS NULL', args: [] });
      } else if ((TEXT_OPS as readonly string[]).includes(op)) {
        conds.push(textCond(field, op as TextOp, value));
      } else throw invalidQuery(key, 'unknown filter form');
    } else if (field === 'tag') {
      if (op !== 'present' && op !== 'absent' && !(TEXT_OPS as readonly string[]).includes(op)) throw invalidQuery(key, 'unknown filter form');
      tags.push(tagCond(key === 'tag' ? (value.includes(':') ? 'exact' : 'present') : (op as 'present'), value));
    } else if (field === 'proxied') {
      if (value !== 'true' && value !== 'false') throw invalidQuery('proxied', "must be 'true' or 'false'");
      conds.push({ sql: 'proxied = ?', args: [value === 'true' ? 1 : 0] });
    }
  }
  if (tags.length > 0) conds.push(combine(tags, tagMatch === 'any' ? 'OR' : 'AND'));
  let where: Cond = conds.length > 0 ? combine(conds, match === 'any' ? 'OR' : 'AND') : { sql: '1', args: [] };
  const search = q.get('search');
  if (search) {
    // Free text for people: any of name, content, comment or tags contains it; independent of `match`.
    const s = `%${escapeLike(search.toLowerCase())}%`;
    where = combine([where, { sql: "lower(name) LIKE ? ESCAPE '\\' OR lower(content) LIKE ? ESCAPE '\\' OR lower(coalesce(comment, '')) LIKE ? ESCAPE '\\' OR lower(tags) LIKE ? ESCAPE '\\'", args: [s, s, s, s] }], 'AND');
  }
  const dir = direction === 'desc' ? 'DESC' : 'ASC';
  return { where, orderBy: `${order} ${dir}, name ${dir}, seq ASC`, page, perPage };
}

/** Runs a filtered, ordered page of a zone's records. */
export function createRecordLister(db: Database.Database) {
  const cache = new Map<string, Database.Statement>();
  const stmt = (sql: string): Database.Statement => {
    let s = cache.get(sql);
    if (!s) {
      s = db.prepare(sql);
      if (cache.size > 500) cache.clear();
      cache.set(sql, s);
    }
    return s;
  };
  return (zoneId: string, q: URLSearchParams): { rows: RecordRow[]; info: ResultInfo } => {
    const f = buildListFilter(q);
    const where = `zone_id = ? AND (${f.where.sql})`;
    const total = (stmt(`SELECT count(*) AS n FROM dns_records WHERE ${where}`).get(zoneId, ...f.where.args) as { n: number }).n;
    // Page over the (covering) index first and fetch whole rows only for the page: deep OFFSETs stay cheap.
    const rows = stmt(
      `SELECT * FROM dns_records WHERE seq IN (SELECT seq FROM dns_records WHERE ${where} ORDER BY ${f.orderBy} LIMIT ? OFFSET ?) ORDER BY ${f.orderBy}`,
    ).all(
      zoneId, ...f.where.args, f.perPage, (f.page - 1) * f.perPage,
    ) as RecordRow[];
    return {
      rows,
      info: { page: f.page, per_page: f.perPage, count: rows.length, total_count: total, total_pages: Math.ceil(total / f.perPage) },
    };
  };
}
