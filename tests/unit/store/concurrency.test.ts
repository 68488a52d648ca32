import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenBucket, StoreObjectBody } from '../../../src-main/store/index';
import { streamOf, tempBucket } from './helpers';

let t: Awaited<ReturnType<typeof tempBucket>>;
let b: OpenBucket;
beforeEach(async () => {
  t = await tempBucket();
  b = t.bucket;
});
afterEach(async () => t.done());

describe('concurrency', () => {
  it('20 racing If-None-Match: * puts (streamed, interleaved) → exactly one wins', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => b.put('race', streamOf(300_000 + i, 20_000, i, (i % 3) + 1), { onlyIf: new Headers({ 'If-None-Match': '*' }) })),
    );
    const winners = results.filter((r) => r !== null);
    expect(winners).toHaveLength(1);
    const stored = await b.head('race');
    expect(stored?.etag).toBe(winners[0]?.etag);
  });

  it('20 racing etagMatches compare-and-swaps → exactly one wins', async () => {
    const base = await b.put('cas', 'v0');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => b.put('cas', streamOf(10 + i, 3, 0x41 + i, i % 4), { onlyIf: { etagMatches: base.etag } })),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
  });

  it('readers during writes see the old or the new object, never a mix', async () => {
    const A = 0x41;
    const B = 0x42;
    const size = 2 * 1024 * 1024 + 3; // a file body, read in several chunks
    await b.put('obj', Buffer.alloc(size, A));
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 12; i++) await b.put('obj', i % 2 ? Buffer.alloc(size, A) : streamOf(size, 128 * 1024, B));
      writing = false;
    })();
    let reads = 0;
    while (writing) {
      const g = (await b.get('obj')) as StoreObjectBody;
      const bytes = new Set<number>();
      let n = 0;
      for await (const chunk of g.body) {
        n += chunk.length;
        for (const v of new Set(chunk)) bytes.add(v);
        await new Promise((r) => setImmediate(r)); // let writes land mid-read
      }
      expect(n).toBe(size);
      expect(bytes.size).toBe(1);
      expect([...bytes][0] === A ? g.etag : g.etag).toBe(g.etag);
      reads++;
    }
    await writer;
    expect(reads).toBeGreaterThan(1);
  });
});
