import { z } from 'zod';
import { channel } from './define';

export type StorageClass = 'Standard' | 'InfrequentAccess';

export interface BucketSummary {
  name: string;
  createdAt: string;
  defaultStorageClass: StorageClass;
  objectCount: number;
  totalBytes: number;
}

/** One listed object (plain JSON; dates as ISO strings). */
export interface ObjectSummary {
  key: string;
  size: number;
  etag: string;
  uploaded: string;
  storageClass: StorageClass;
}

export interface ObjectPage {
  objects: ObjectSummary[];
  /** Folder prefixes WITH the trailing delimiter (`photos/2024/`), ready to list into. */
  folders: string[];
  truncated: boolean;
  cursor?: string;
}

export interface ObjectDetails extends ObjectSummary {
  version: string;
  httpEtag: string;
  httpMetadata: Record<string, string>;
  customMetadata: Record<string, string>;
  /** Lowercase hex per algorithm. */
  checksums: Record<string, string>;
}

export interface BindingsView {
  file: string;
  compatibilityDate?: string;
  compatibilityFlags: string[];
  entries: { binding: string; bucketName: string; exists: boolean }[];
}

const bucketName = z.string().min(1).max(63);
const objectKey = z.string().min(1).max(1024);
const storageClass = z.enum(['Standard', 'InfrequentAccess']);

export const bucketsChannels = {
  'buckets.list': channel<BucketSummary[]>()(z.undefined()),
  'buckets.create': channel<BucketSummary>()(z.object({ name: z.string().max(200), defaultStorageClass: storageClass.default('Standard') })),
  /** `confirm` must repeat the bucket name: a destructive call states what it destroys. */
  'buckets.delete': channel<{ deleted: string }>()(z.object({ name: bucketName, confirm: z.string() })),
  'buckets.stats': channel<BucketSummary>()(z.object({ name: bucketName })),
  'buckets.listObjects': channel<ObjectPage>()(
    z.object({
      bucket: bucketName,
      prefix: z.string().max(1024).default(''),
      cursor: z.string().max(4096).optional(),
      delimiter: z.string().max(16).optional(),
      limit: z.number().int().min(1).max(1000).default(1000),
    }),
  ),
  'buckets.headObject': channel<ObjectDetails | null>()(z.object({ bucket: bucketName, key: objectKey })),
  'buckets.deleteObject': channel<{ deleted: string }>()(z.object({ bucket: bucketName, key: objectKey })),
  /** Reads an edge project's configuration and shows its bucket bindings beside the catalog. */
  'buckets.readBindings': channel<BindingsView>()(z.object({ configPath: z.string().min(1).max(4096) })),
};
