/**
 * The transfer queue: uploads (from a path or a streamed body), downloads and folder deletes as
 * jobs with coalesced progress, bounded concurrency, cancel and retry. No Electron here.
 */
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import mime from 'mime';
import pLimit from 'p-limit';
import type { ConflictPolicy, TransferSnapshot } from '../../src-preload/contract/transfers';
import type { StoreBucket } from '../store';
import { ChunkReader, fileIdentity, fileRangeStream, sliceStream, type FileIdentity } from './byte-source';
import { resolveConflict } from './conflicts';
import { countPrefix, deletePrefix, downloadToFile } from './download';
import { DEFAULT_MULTIPART_THRESHOLD, isMultipart, PREFERRED_PART_BYTES } from './part-size';
import { createProgressEmitter, RateMeter, type Clock, type SetTimer } from './progress';
import { assertUploadablePaths } from './local-files';
import { uploadObject, type UploadSource } from './upload';

export interface TransferLimits {
  /** Files (uploads, downloads) moving at once. */
  files: number;
  /** Parts of one multipart upload moving at once. */
  parts: number;
  /** Size above which uploads go multipart. */
  threshold: number;
  /** Preferred part size (grown when needed to stay within 10,000 parts). */
  partSize: number;
}

export const DEFAULT_LIMITS: TransferLimits = { files: 4, parts: 4, threshold: DEFAULT_MULTIPART_THRESHOLD, partSize: PREFERRED_PART_BYTES };

export interface TransferQueueDeps {
  buckets: { open(name: string): Promise<StoreBucket> };
  emit: (payload: { jobs: TransferSnapshot[]; removed?: string[] }) => void;
  clock?: Clock;
  setTimer?: SetTimer;
  limits?: Partial<TransferLimits>;
}

export interface UploadRequest {
  key: string;
  conflict?: ConflictPolicy;
}

interface Job {
  snap: TransferSnapshot;
  controller: AbortController;
  meter: RateMeter;
  path?: string;
  destination?: string;
}

const FINISHED = new Set(['done', 'failed', 'cancelled', 'skipped']);

export type TransferQueue = ReturnType<typeof createTransferQueue>;

/** Builds the queue over a way to open buckets by name; emits `transfers.progress` payloads. */
export function createTransferQueue(deps: TransferQueueDeps) {
  const clock = deps.clock ?? Date.now;
  const limits: TransferLimits = { ...DEFAULT_LIMITS, ...deps.limits };
  const jobs = new Map<string, Job>();
  const running = new Map<Promise<void>, string>();
  const ongoing = new Set<string>();
  const fileLimit = pLimit(limits.files);
  const progress = createProgressEmitter({ snapshot: (id) => snapshot(jobs.get(id)), emit: deps.emit, clock, setTimer: deps.setTimer });

  function snapshot(job: Job | undefined): TransferSnapshot | undefined {
    return job ? { ...job.snap } : undefined;
  }

  function create(fields: Pick<TransferSnapshot, 'kind' | 'source' | 'bucket' | 'key' | 'label'> & { total: number | null }): Job {
    const snap: TransferSnapshot = { id: randomUUID(), state: 'queued', done: 0, rate: 0, multipart: false, createdAt: new Date(clock()).toISOString(), ...fields };
    const job: Job = { snap, controller: new AbortController(), meter: new RateMeter(clock) };
    jobs.set(snap.id, job);
    progress.touch(snap.id);
    return job;
  }

  function advance(job: Job, n: number): void {
    job.snap.done += n;
    job.snap.rate = job.meter.sample(job.snap.done);
    progress.touch(job.snap.id);
  }

  function finish(job: Job, state: TransferSnapshot['state'], error?: string): void {
    job.snap.state = state;
    job.snap.rate = 0;
    if (error) job.snap.error = error;
    job.snap.finishedAt = new Date(clock()).toISOString();
    progress.touch(job.snap.id);
  }

  /** Runs a job's work, recording how it ended; never rejects (the job carries the error). */
  async function run(job: Job, work: (signal: AbortSignal) => Promise<void>): Promise<void> {
    if (job.snap.state !== 'queued') return;
    job.snap.state = 'running';
    progress.touch(job.snap.id);
    const signal = job.controller.signal;
    const task = work(signal).then(
      () => finish(job, 'done'),
      (e: unknown) => (signal.aborted ? finish(job, 'cancelled') : finish(job, 'failed', e instanceof Error ? e.message : String(e))),
    );
    running.set(task, job.snap.bucket);
    try {
      await task;
    } finally {
      running.delete(task);
    }
  }

  function upload(job: Job, bucket: StoreBucket, source: UploadSource, signal: AbortSignal): Promise<unknown> {
    job.snap.multipart = isMultipart(source.size, limits.threshold);
    const contentType = mime.getType(job.snap.key) ?? undefined;
    return uploadObject({
      bucket,
      key: job.snap.key,
      source,
      signal,
      threshold: limits.threshold,
      preferredPartSize: limits.partSize,
      partConcurrency: limits.parts,
      httpMetadata: contentType ? { contentType } : undefined,
      onMultipart: (event, up) => {
        const id = `${job.snap.bucket}\n${up.uploadId}`;
        if (event === 'start') ongoing.add(id);
        else ongoing.delete(id);
      },
    });
  }

  function startPath(job: Job): void {
    void fileLimit(() =>
      run(job, async (signal) => {
        const path = job.path as string;
        const identity: FileIdentity = await fileIdentity(path);
        job.snap.total = identity.size;
        const bucket = await deps.buckets.open(job.snap.bucket);
        const source: UploadSource = {
          size: identity.size,
          sequential: false,
          open: (start, end, _last, s) => fileRangeStream(path, start, end, identity, (n) => advance(job, n), s),
        };
        await upload(job, bucket, source, signal);
      }),
    );
  }

  function startDownload(job: Job): void {
    void fileLimit(() =>
      run(job, async (signal) => {
        const bucket = await deps.buckets.open(job.snap.bucket);
        await downloadToFile({
          bucket,
          key: job.snap.key,
          destination: job.destination as string,
          signal,
          onStart: (size) => (job.snap.total = size),
          onBytes: (n) => advance(job, n),
        });
      }),
    );
  }

  function startDelete(job: Job): void {
    void run(job, async (signal) => {
      const bucket = await deps.buckets.open(job.snap.bucket);
      job.snap.total = await countPrefix(bucket, job.snap.key, signal);
      progress.touch(job.snap.id);
      await deletePrefix(bucket, job.snap.key, signal, (n) => advance(job, n));
    });
  }

  /** Resolves each request's key against the bucket and earlier files of the same batch. */
  async function plan(bucketName: string, requests: UploadRequest[], fallback: ConflictPolicy) {
    const bucket = await deps.buckets.open(bucketName);
    const claimed = new Set<string>();
    const taken = async (k: string) => claimed.has(k) || (await bucket.head(k)) !== null;
    const out = [];
    for (const r of requests) {
      const outcome = await resolveConflict(r.key, r.conflict ?? fallback, taken);
      claimed.add(outcome.key);
      out.push(outcome);
    }
    return out;
  }

  function get(id: string): Job {
    const job = jobs.get(id);
    if (!job) throw Object.assign(new RangeError(`No transfer ${id}.`), { name: 'RangeError' });
    return job;
  }

  return {
    limits,
    list: (): TransferSnapshot[] => [...jobs.values()].map((j) => ({ ...j.snap })),
    get: (id: string) => snapshot(jobs.get(id)),

    /** Which of `keys` exist in the bucket. */
    async existingKeys(bucketName: string, keys: string[]): Promise<string[]> {
      const bucket = await deps.buckets.open(bucketName);
      const limit = pLimit(16);
      const found = await Promise.all(keys.map((k) => limit(async () => ((await bucket.head(k)) ? k : null))));
      return found.filter((k): k is string => k !== null);
    },

    /**
     * Queues uploads of local files; each reads its file in ranges, straight into the store.
     * Refuses the whole call (UploadPathError) when a path is relative, a folder or not a regular file.
     */
    async uploadPaths(bucket: string, files: (UploadRequest & { path: string })[], conflict: ConflictPolicy): Promise<TransferSnapshot[]> {
      await assertUploadablePaths(files.map((f) => f.path));
      const outcomes = await plan(bucket, files, conflict);
      return files.map((f, i) => {
        const outcome = outcomes[i] as (typeof outcomes)[number];
        const job = create({ kind: 'upload', source: 'path', bucket, key: outcome.key, label: basename(f.path), total: null });
        job.path = f.path;
        if (outcome.action === 'skip') finish(job, 'skipped');
        else startPath(job);
        return { ...job.snap };
      });
    },

    /** Registers uploads whose bodies arrive later over HTTP (`acceptStream`). */
    async registerStreams(bucket: string, files: (UploadRequest & { size: number; label?: string })[], conflict: ConflictPolicy): Promise<TransferSnapshot[]> {
      const outcomes = await plan(bucket, files, conflict);
      return files.map((f, i) => {
        const outcome = outcomes[i] as (typeof outcomes)[number];
        const job = create({ kind: 'upload', source: 'stream', bucket, key: outcome.key, label: f.label ?? basename(f.key), total: f.size });
        job.snap.multipart = isMultipart(f.size, limits.threshold);
        if (outcome.action === 'skip') finish(job, 'skipped');
        return { ...job.snap };
      });
    },

    /** Streams a registered job's body into the store; resolves with the finished job. */
    async acceptStream(id: string, body: AsyncIterable<Uint8Array>): Promise<TransferSnapshot> {
      const job = get(id);
      if (job.snap.source !== 'stream' || job.snap.state !== 'queued') {
        throw Object.assign(new Error(`Transfer ${id} is ${job.snap.state}; it does not take a body now.`), { code: 'CONFLICT' });
      }
      const reader = new ChunkReader(body);
      const size = job.snap.total ?? 0;
      await run(job, async (signal) => {
        signal.addEventListener('abort', () => void reader.cancel(), { once: true });
        const bucket = await deps.buckets.open(job.snap.bucket);
        const source: UploadSource = { size, sequential: true, open: (start, end, last, s) => sliceStream(reader, end - start, last, (n) => advance(job, n), s) };
        await upload(job, bucket, source, signal);
      });
      return { ...job.snap };
    },

    /** Queues a download of `key` to `destination`. */
    download(bucket: string, key: string, destination: string): TransferSnapshot {
      const job = create({ kind: 'download', source: 'store', bucket, key, label: basename(destination), total: null });
      job.destination = destination;
      startDownload(job);
      return { ...job.snap };
    },

    /** Starts deleting every key under `prefix` (batches of ≤ 1000). */
    deletePrefix(bucket: string, prefix: string): TransferSnapshot {
      const job = create({ kind: 'delete', source: 'store', bucket, key: prefix, label: prefix, total: null });
      startDelete(job);
      return { ...job.snap };
    },

    cancel(id: string): TransferSnapshot | null {
      const job = jobs.get(id);
      if (!job) return null;
      if (job.snap.state === 'queued') finish(job, 'cancelled');
      if (!job.controller.signal.aborted && !FINISHED.has(job.snap.state)) job.controller.abort();
      return { ...job.snap };
    },

    /** Cancels every unfinished job (optionally only those of one bucket); returns how many. */
    cancelAll(bucket?: string): number {
      let n = 0;
      for (const job of jobs.values()) {
        if (FINISHED.has(job.snap.state) || (bucket && job.snap.bucket !== bucket)) continue;
        n++;
        if (job.snap.state === 'queued') finish(job, 'cancelled');
        job.controller.abort();
      }
      return n;
    },

    retry(id: string): TransferSnapshot {
      const job = get(id);
      if (job.snap.state !== 'failed' && job.snap.state !== 'cancelled') throw new RangeError(`Only failed or cancelled transfers can be retried (this one is ${job.snap.state}).`);
      Object.assign(job.snap, { state: 'queued', done: 0, rate: 0, error: undefined, finishedAt: undefined });
      job.controller = new AbortController();
      job.meter.reset();
      progress.touch(id);
      if (job.snap.kind === 'download') startDownload(job);
      else if (job.snap.kind === 'delete') startDelete(job);
      else if (job.snap.source === 'path') startPath(job);
      return { ...job.snap };
    },

    clearFinished(): number {
      const gone = [...jobs.values()].filter((j) => FINISHED.has(j.snap.state)).map((j) => j.snap.id);
      for (const id of gone) jobs.delete(id);
      if (gone.length) progress.removed(gone);
      return gone.length;
    },

    /** Multipart uploads started here and neither completed nor aborted yet. */
    ongoingUploads: (): number => ongoing.size,

    /** Resolves when nothing (or nothing of `bucket`) is running: tests, shutdown, bucket delete. */
    async idle(bucket?: string): Promise<void> {
      if (bucket !== undefined) {
        await Promise.all([...running].filter(([, b]) => b === bucket).map(([task]) => task));
        return;
      }
      while (running.size || fileLimit.activeCount || fileLimit.pendingCount) {
        await Promise.all([...running.keys()]);
        await new Promise((r) => setImmediate(r));
      }
      progress.flush();
    },

    async dispose(): Promise<void> {
      this.cancelAll();
      await this.idle();
      progress.dispose();
    },
  };
}
