import { z } from 'zod';
import { channel, event } from './define';

/** What to do when an upload's key already exists. */
export const conflictPolicySchema = z.enum(['overwrite', 'skip', 'keepBoth']);
export type ConflictPolicy = z.infer<typeof conflictPolicySchema>;

export type TransferKind = 'upload' | 'download' | 'delete';
export type TransferState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'skipped';
/** Where an upload's bytes come from: a local path (Electron) or a streamed HTTP body (browser mode). */
export type TransferSource = 'path' | 'stream' | 'store';

/** One job as the renderer sees it (plain JSON). */
export interface TransferSnapshot {
  id: string;
  kind: TransferKind;
  source: TransferSource;
  bucket: string;
  /** Object key (upload, download) or the prefix (delete). */
  key: string;
  /** Human label: file name, destination or folder. */
  label: string;
  state: TransferState;
  /** Bytes done (upload/download) or keys deleted (delete). */
  done: number;
  /** Expected total, bytes or keys; null when unknown (a delete counts as it goes). */
  total: number | null;
  /** Smoothed rate in units per second (bytes or keys). */
  rate: number;
  multipart: boolean;
  error?: string;
  createdAt: string;
  finishedAt?: string;
}

const bucketName = z.string().min(1).max(63);
const objectKey = z.string().min(1).max(1024);
const path = z.string().min(1).max(4096);

export const transfersChannels = {
  /** Every job kept in memory (running, queued and finished until cleared). */
  'transfers.list': channel<TransferSnapshot[]>()(z.undefined()),
  /** Which of these keys already exist in the bucket (the renderer asks before uploading). */
  'transfers.existingKeys': channel<{ existing: string[] }>()(
    z.object({ bucket: bucketName, keys: z.array(objectKey).max(20_000) }),
  ),
  /** Electron: uploads local files by path; main reads and streams them into the store. */
  'transfers.uploadPaths': channel<{ jobs: TransferSnapshot[] }>()(
    z.object({
      bucket: bucketName,
      files: z.array(z.object({ path, key: objectKey, conflict: conflictPolicySchema.optional() })).min(1).max(100_000),
      conflict: conflictPolicySchema.default('overwrite'),
    }),
  ),
  /**
   * Browser mode: registers uploads whose bodies the renderer then streams with
   * `PUT /transfer/upload?job=<id>`; the key is resolved (conflicts) here.
   */
  'transfers.registerStreams': channel<{ jobs: TransferSnapshot[] }>()(
    z.object({
      bucket: bucketName,
      files: z.array(z.object({ key: objectKey, size: z.number().int().min(0), label: z.string().max(1024).optional(), conflict: conflictPolicySchema.optional() })).min(1).max(100_000),
      conflict: conflictPolicySchema.default('overwrite'),
    }),
  ),
  /** Streams an object to a local file (Electron: the path comes from a save dialog). */
  'transfers.download': channel<TransferSnapshot>()(z.object({ bucket: bucketName, key: objectKey, destinationPath: path })),
  /** Deletes every key under a prefix, in batches of at most 1000, as a job with progress. */
  'transfers.deletePrefix': channel<TransferSnapshot>()(z.object({ bucket: bucketName, prefix: z.string().min(1).max(1024) })),
  'transfers.cancel': channel<TransferSnapshot | null>()(z.object({ id: z.string().min(1).max(64) })),
  'transfers.cancelAll': channel<{ cancelled: number }>()(z.undefined()),
  /** Puts a failed or cancelled job back in the queue (stream jobs wait for the renderer to resend). */
  'transfers.retry': channel<TransferSnapshot>()(z.object({ id: z.string().min(1).max(64) })),
  'transfers.clearFinished': channel<{ removed: number }>()(z.undefined()),
  /** Multipart uploads this app started and has neither completed nor aborted (should be 0 when idle). */
  'transfers.ongoingUploads': channel<{ count: number }>()(z.undefined()),
};

export const transfersEvents = {
  /** Changed jobs, coalesced to about ten events per second. */
  'transfers.progress': event<{ jobs: TransferSnapshot[]; removed?: string[] }>(),
};
