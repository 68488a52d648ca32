/** Shared state of one open bucket: database, statements, body files, pins and garbage collection. */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { bodyPath, removeFile, type BodyFileWriter } from './body-files';
import type { BodySink } from './body-writer';
import { BODY_DEAD, BODY_WRITING, openDatabase, prepareStatements, type Statements } from './schema';
import type { StoreStorageClass } from './types';

export const DB_FILE = 'bucket.sqlite';

export interface BucketContext {
  dir: string;
  db: Database.Database;
  st: Statements;
  clock: () => number;
  defaultStorageClass: StoreStorageClass;
  honorInclude: boolean;
  sink: BodySink;
  /** Keeps a body's file while a reader streams it, even if the object is overwritten meanwhile. */
  pin(ids: number[]): () => void;
  /** Removes dead bodies (rows and files) that no reader holds. */
  collect(): Promise<void>;
  /** Runs a write transaction that takes the write lock at BEGIN (atomic across processes too). */
  write<T>(fn: () => T): T;
  closed: boolean;
}

// Pins are per process and per folder, so two handles on one bucket in one process respect each other.
const pinsByDir = new Map<string, Map<number, number>>();

function isProcessAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Opens the bucket folder's database and collects what crashed or overwritten writes left behind. */
export async function createBucketContext(opts: {
  dir: string;
  clock: () => number;
  defaultStorageClass?: StoreStorageClass;
  honorInclude: boolean;
}): Promise<BucketContext> {
  const dir = resolve(opts.dir);
  mkdirSync(dir, { recursive: true });
  const db = openDatabase(join(dir, DB_FILE));
  const st = prepareStatements(db);
  const stored = (st.getMeta.get('defaultStorageClass') as { v: string } | undefined)?.v;
  if (!st.getMeta.get('createdAt')) st.setMeta.run('createdAt', new Date(opts.clock()).toISOString());
  let pins = pinsByDir.get(dir);
  if (!pins) pinsByDir.set(dir, (pins = new Map()));
  const pinMap = pins;
  // One transaction wrapper for all writes: creating one per call costs more than a small put.
  const immediate = db.transaction((fn: () => unknown) => fn());
  let collecting: Promise<void> | undefined;
  let again = false;

  const ctx: BucketContext = {
    dir,
    db,
    st,
    clock: opts.clock,
    defaultStorageClass: opts.defaultStorageClass ?? (stored === 'InfrequentAccess' ? 'InfrequentAccess' : 'Standard'),
    honorInclude: opts.honorInclude,
    closed: false,
    sink: {
      dir,
      reserve: () => Number(st.insertBody.run(0, null, BODY_WRITING, process.pid).lastInsertRowid),
      abandon: async (id: number, writer?: BodyFileWriter) => {
        if (writer) await writer.discard();
        else await removeFile(bodyPath(dir, id));
        if (!ctx.closed) st.deleteBody.run(id);
      },
    },
    pin(ids) {
      for (const id of ids) pinMap.set(id, (pinMap.get(id) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        for (const id of ids) {
          const n = (pinMap.get(id) ?? 1) - 1;
          if (n <= 0) pinMap.delete(id);
          else pinMap.set(id, n);
        }
        if (!ctx.closed) void ctx.collect().catch(() => undefined);
      };
    },
    collect() {
      // One collection at a time; a request during a run triggers one more run afterwards.
      if (collecting) {
        again = true;
        return collecting;
      }
      collecting = (async () => {
        do {
          again = false;
          await collectOnce();
        } while (again && !ctx.closed);
      })().finally(() => {
        collecting = undefined;
      });
      return collecting;
    },
    write<T>(fn: () => T): T {
      return immediate.immediate(fn) as T;
    },
  };

  async function collectOnce(): Promise<void> {
    if (ctx.closed) return;
    const rows = st.pendingBodies.all() as { id: number; isFile: number; state: number; owner: number | null }[];
    for (const row of rows) {
      if (ctx.closed) return;
      if (pinMap.has(row.id)) continue;
      if (row.state === BODY_WRITING && (row.owner === null || isProcessAlive(row.owner))) continue;
      if (row.state !== BODY_DEAD && row.state !== BODY_WRITING) continue;
      if (row.isFile) await removeFile(bodyPath(dir, row.id));
      if (!ctx.closed) st.deleteBody.run(row.id);
    }
  }

  await ctx.collect();
  return ctx;
}
