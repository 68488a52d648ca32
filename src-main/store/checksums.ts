/** Supplied-hash options (md5…sha512) and the StoreChecksums value returned on objects. */
import type { StoreChecksums, StoreChecksumsJSON, StorePutOptions } from './types';

export type HashAlgorithm = 'md5' | 'sha1' | 'sha256' | 'sha384' | 'sha512';
const ALGORITHMS: HashAlgorithm[] = ['md5', 'sha1', 'sha256', 'sha384', 'sha512'];
const LABEL: Record<HashAlgorithm, string> = { md5: 'MD5', sha1: 'SHA-1', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };
const BYTES: Record<HashAlgorithm, number> = { md5: 16, sha1: 20, sha256: 32, sha384: 48, sha512: 64 };

export interface ExpectedHash {
  algorithm: HashAlgorithm;
  hex: string;
}

/** The label the service uses in messages (`SHA-256`). */
export function hashLabel(algorithm: HashAlgorithm): string {
  return LABEL[algorithm];
}

/** Reads at most one supplied hash from put options, checking its format (runtime TypeErrors). */
export function parseExpectedHash(options: Partial<StorePutOptions>): ExpectedHash | undefined {
  const given = ALGORITHMS.filter((a) => options[a] !== undefined);
  if (given.length > 1) throw new TypeError('You cannot specify multiple hashing algorithms.');
  const algorithm = given[0];
  if (!algorithm) return undefined;
  const value: unknown = options[algorithm];
  const label = LABEL[algorithm];
  const bytes = BYTES[algorithm];
  if (typeof value === 'string') {
    if (value.length !== bytes * 2) throw new TypeError(`${label} is ${bytes * 2} hex characters, not ${value.length}`);
    if (!/^[0-9a-fA-F]*$/.test(value)) throw new TypeError(`Provided ${label} wasn't a valid hex string`);
    return { algorithm, hex: value.toLowerCase() };
  }
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    const buf = value instanceof ArrayBuffer ? Buffer.from(value) : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    if (buf.length !== bytes) throw new TypeError(`${label} is ${bytes} bytes, not ${buf.length}`);
    return { algorithm, hex: buf.toString('hex') };
  }
  throw new TypeError(`${label} must be a hex string or an ArrayBuffer`);
}

function toArrayBuffer(hex: string): ArrayBuffer {
  const buf = Buffer.from(hex, 'hex');
  const out = new ArrayBuffer(buf.length);
  new Uint8Array(out).set(buf);
  return out;
}

/** StoreChecksums over stored hex values; getters hand out fresh ArrayBuffers like the runtime. */
export class Checksums implements StoreChecksums {
  readonly #hex: StoreChecksumsJSON;
  constructor(hex: StoreChecksumsJSON) {
    this.#hex = hex;
  }
  get md5(): ArrayBuffer | undefined {
    return this.#hex.md5 === undefined ? undefined : toArrayBuffer(this.#hex.md5);
  }
  get sha1(): ArrayBuffer | undefined {
    return this.#hex.sha1 === undefined ? undefined : toArrayBuffer(this.#hex.sha1);
  }
  get sha256(): ArrayBuffer | undefined {
    return this.#hex.sha256 === undefined ? undefined : toArrayBuffer(this.#hex.sha256);
  }
  get sha384(): ArrayBuffer | undefined {
    return this.#hex.sha384 === undefined ? undefined : toArrayBuffer(this.#hex.sha384);
  }
  get sha512(): ArrayBuffer | undefined {
    return this.#hex.sha512 === undefined ? undefined : toArrayBuffer(this.#hex.sha512);
  }
  toJSON(): StoreChecksumsJSON {
    return { ...this.#hex };
  }
}
