/** Random hex ids from a pooled buffer: one crypto call per 256 ids instead of one per put. */
import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let at = pool.length;

/** 16 random bytes as 32 lowercase hex characters (object versions). */
export function randomHex16(): string {
  if (at + 16 > pool.length) {
    randomFillSync(pool);
    at = 0;
  }
  const id = pool.toString('hex', at, at + 16);
  at += 16;
  return id;
}
