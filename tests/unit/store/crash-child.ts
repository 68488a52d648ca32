// Child process for crash.test.ts: puts and multipart parts forever, printing a line before and
// after each operation, until the parent SIGKILLs it at a random moment.
import { createHash } from 'node:crypto';
import { openBucket } from '../../../src-main/store/index';

const [dir, seedText] = process.argv.slice(2);
const seed = Number(seedText);

/** Deterministic bytes for (seed, i): the parent recomputes nothing, it compares md5s. */
function content(i: number): Buffer {
  const kind = i % 4;
  const size = kind === 0 ? 300_000 + (i % 7) * 1000 : kind === 1 ? 600_000 : 1000 + i;
  return Buffer.alloc(size, (seed * 31 + i) % 251);
}

function chunks(buf: Buffer): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= buf.length) return c.close();
      c.enqueue(new Uint8Array(buf.subarray(at, at + 65536)));
      at += 65536;
    },
  });
}

const line = (o: object) => process.stdout.write(JSON.stringify(o) + '\n');

const bucket = await openBucket({ dir: dir as string });
line({ ready: true });
const upload = await bucket.createMultipartUpload(`mp-${seed}`);
for (let i = 0; ; i++) {
  const data = content(i);
  const md5 = createHash('md5').update(data).digest('hex');
  if (i % 5 === 4) {
    line({ op: 'part', upload: upload.uploadId, part: i, md5 });
    const part = await upload.uploadPart(i, chunks(data));
    line({ op: 'partAck', upload: upload.uploadId, part: i, md5, etag: part.etag });
    continue;
  }
  // Keys repeat (overwrites create dead bodies to collect); odd i uses a stream of unknown length.
  const key = `k${seed}-${i % 6}`;
  line({ op: 'put', key, md5 });
  await bucket.put(key, i % 2 === 1 ? chunks(data) : data);
  line({ op: 'ack', key, md5 });
}
