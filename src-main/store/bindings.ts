/** Reads an edge-function project's bucket bindings (TOML or JSON with comments) and opens those buckets. */
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import { openBucket } from './bucket';
import { bucketNameProblem } from './bucket-name';
import { defaultBucketsDir } from './data-dir';
import type { OpenBucket } from './types';

export interface BindingEntry {
  binding: string;
  bucketName: string;
  /** Which list the entry came from, and its index there (for messages and the UI). */
  section: 'store_buckets' | 'r2_buckets';
  index: number;
}

export interface BindingConfig {
  file: string;
  compatibilityDate?: string;
  compatibilityFlags: string[];
  entries: BindingEntry[];
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const Entry = z.object({
  binding: z.string().regex(IDENTIFIER, 'must be a valid JavaScript identifier'),
  bucket_name: z.string().superRefine((v, ctx) => {
    const problem = bucketNameProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: `invalid bucket name: ${problem}` });
  }),
});

const Config = z.object({
  compatibility_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD').optional(),
  compatibility_flags: z.array(z.string()).optional(),
  store_buckets: z.array(z.unknown()).optional(),
  r2_buckets: z.array(z.unknown()).optional(),
});

function parseText(file: string, text: string): unknown {
  const ext = extname(file).toLowerCase();
  if (ext === '.toml') {
    try {
      return parseToml(text);
    } catch (e) {
      throw new Error(`${file}: invalid TOML: ${(e as Error).message}`);
    }
  }
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first) throw new Error(`${file}: invalid JSON at offset ${first.offset}: ${printParseErrorCode(first.error)}`);
  return value;
}

/** Parses and validates the config's bucket bindings without opening anything (the UI lists them). */
export async function readBindingConfig(configPath: string): Promise<BindingConfig> {
  let text: string;
  try {
    text = await readFile(configPath, 'utf8');
  } catch (e) {
    throw new Error(`${configPath}: cannot read the configuration: ${(e as Error).message}`);
  }
  const raw = parseText(configPath, text);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error(`${configPath}: the configuration must be a table/object`);
  const top = Config.safeParse(raw);
  if (!top.success) {
    const issue = top.error.issues[0];
    throw new Error(`${configPath}: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  const entries: BindingEntry[] = [];
  const seen = new Set<string>();
  for (const section of ['store_buckets', 'r2_buckets'] as const) {
    (top.data[section] ?? []).forEach((item, index) => {
      const label = (item as { binding?: unknown } | null)?.binding;
      const where = `${section}[${index}]${typeof label === 'string' ? ` (binding "${label}")` : ''}`;
      const parsed = Entry.safeParse(item);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || 'entry';
        const message = issue?.code === 'invalid_type' && issue.path.length > 0 ? `is missing or not a string` : (issue?.message ?? 'invalid');
        throw new Error(`${configPath}: ${where}: ${field} ${message}`);
      }
      if (seen.has(parsed.data.binding)) throw new Error(`${configPath}: ${where}: binding "${parsed.data.binding}" is defined twice`);
      seen.add(parsed.data.binding);
      entries.push({ binding: parsed.data.binding, bucketName: parsed.data.bucket_name, section, index });
    });
  }
  return {
    file: configPath,
    compatibilityDate: top.data.compatibility_date,
    compatibilityFlags: top.data.compatibility_flags ?? [],
    entries,
  };
}

/**
 * Opens every bucket bound in the config as `{ [binding]: bucket }`, under the same folder the app
 * uses (so tests see the app's buckets). Close them with `close()` when done.
 */
export async function loadBindings(configPath: string, options?: { bucketsDir?: string }): Promise<Record<string, OpenBucket>> {
  const config = await readBindingConfig(configPath);
  const root = options?.bucketsDir ?? defaultBucketsDir();
  const byName = new Map<string, Promise<OpenBucket>>();
  const out: Record<string, OpenBucket> = {};
  for (const entry of config.entries) {
    let bucket = byName.get(entry.bucketName);
    if (!bucket) {
      bucket = openBucket({
        dir: join(root, entry.bucketName),
        compatibilityDate: config.compatibilityDate,
        compatibilityFlags: config.compatibilityFlags,
      });
      byName.set(entry.bucketName, bucket);
    }
    out[entry.binding] = await bucket;
  }
  return out;
}
