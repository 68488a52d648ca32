/** StoreObject / StoreObjectBody values handed to callers, built from stored rows. */
import { Checksums } from './checksums';
import { toHttpMetadata, writeHttpMetadataHeaders, type StoredHttpMetadata } from './http-metadata';
import type { StoreChecksumsJSON, StoreHTTPMetadata, StoreObject, StoreObjectBody, StoreRange, StoreStorageClass } from './types';

export interface ObjectFields {
  key: string;
  version: string;
  size: number;
  etag: string;
  uploaded: number;
  httpMetadata?: StoredHttpMetadata;
  customMetadata?: Record<string, string>;
  range?: StoreRange;
  checksums: StoreChecksumsJSON;
  storageClass: StoreStorageClass;
}

/** Checksums of a stored object: single-part objects carry md5 (= etag) plus any supplied hash. */
export function checksumsFor(etag: string, multipart: boolean, extra: string | null): StoreChecksumsJSON {
  const out: StoreChecksumsJSON = multipart ? {} : { md5: etag };
  if (extra) Object.assign(out, JSON.parse(extra) as StoreChecksumsJSON);
  return out;
}

export class StoredObject implements StoreObject {
  readonly key: string;
  readonly version: string;
  readonly size: number;
  readonly etag: string;
  readonly httpEtag: string;
  readonly uploaded: Date;
  readonly httpMetadata?: StoreHTTPMetadata;
  readonly customMetadata?: Record<string, string>;
  readonly range?: StoreRange;
  readonly checksums: Checksums;
  readonly storageClass: StoreStorageClass;

  constructor(f: ObjectFields) {
    this.key = f.key;
    this.version = f.version;
    this.size = f.size;
    this.etag = f.etag;
    this.httpEtag = `"${f.etag}"`;
    this.uploaded = new Date(f.uploaded);
    if (f.httpMetadata) this.httpMetadata = toHttpMetadata(f.httpMetadata);
    if (f.customMetadata) this.customMetadata = f.customMetadata;
    if (f.range) this.range = f.range;
    this.checksums = new Checksums(f.checksums);
    this.storageClass = f.storageClass;
  }

  /** Applies the stored httpMetadata as response headers (Content-Type, …, Expires). */
  writeHttpMetadata(headers: Headers): void {
    if (!this.httpMetadata) {
      throw new TypeError(`HTTP metadata unknown for key \`${this.key}\`. Did you forget to add 'httpMetadata' to \`include\` when listing?`);
    }
    writeHttpMetadataHeaders(this.httpMetadata, headers);
  }
}

/** A source of the body bytes, read lazily (and at most once). */
export interface BodySource {
  /** Whole value at once, when it is already in memory (small inline objects). */
  inline?: Buffer;
  chunks(): AsyncGenerator<Uint8Array>;
  release(): void;
}

const USED = 'Body has already been used. It can only be used once. Use tee() first if you need to read it twice.';

export class StoredObjectBody extends StoredObject implements StoreObjectBody {
  #source: BodySource;
  #stream: ReadableStream<Uint8Array> | undefined;
  #used = false;

  constructor(f: ObjectFields, source: BodySource) {
    super(f);
    this.#source = source;
  }

  /** The value as a stream; pulled chunk by chunk from storage, so memory stays flat. */
  get body(): ReadableStream<Uint8Array> {
    if (!this.#stream) {
      const source = this.#source;
      let it: AsyncGenerator<Uint8Array> | undefined;
      this.#stream = new ReadableStream<Uint8Array>({
        pull: async (controller) => {
          this.#used = true;
          it ??= source.chunks();
          try {
            const next = await it.next();
            if (next.done) {
              source.release();
              controller.close();
            } else controller.enqueue(next.value);
          } catch (e) {
            source.release();
            controller.error(e);
          }
        },
        cancel: async () => {
          this.#used = true;
          await it?.return(undefined);
          source.release();
        },
      }, { highWaterMark: 0 });
    }
    return this.#stream;
  }

  get bodyUsed(): boolean {
    return this.#used || (this.#stream?.locked ?? false);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.#readAll();
    const out = new ArrayBuffer(bytes.length);
    new Uint8Array(out).set(bytes);
    return out;
  }

  async text(): Promise<string> {
    return (await this.#readAll()).toString('utf8');
  }

  async json<T>(): Promise<T> {
    return JSON.parse(await this.text()) as T;
  }

  async blob(): Promise<Blob> {
    const bytes = await this.#readAll();
    return new Blob([new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>], { type: this.httpMetadata?.contentType ?? '' });
  }

  async #readAll(): Promise<Buffer> {
    if (this.bodyUsed) throw new TypeError(USED);
    this.#used = true;
    const source = this.#source;
    if (source.inline && !this.#stream) {
      source.release();
      return source.inline;
    }
    const parts: Buffer[] = [];
    const reader = this.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
    }
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  }
}
