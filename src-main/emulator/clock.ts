import { createHash, randomBytes } from 'node:crypto';

/** Milliseconds since the epoch, possibly fractional (the emulator's injectable clock). */
export type Clock = () => number;

/** Default clock with sub-millisecond precision, so timestamps carry microseconds like the service's. */
export const systemClock: Clock = () => performance.timeOrigin + performance.now();

/** ISO 8601 UTC with microseconds, trailing zeros trimmed (`2025-10-25T12:48:34.17977Z`). */
export function formatTimestamp(ms: number): string {
  const whole = Math.floor(ms);
  const base = new Date(whole).toISOString().slice(0, 19);
  const micros = Math.min(999_999, Math.round((ms - Math.floor(whole / 1000) * 1000) * 1000));
  const frac = String(micros).padStart(6, '0').replace(/0+$/, '') || '0';
  return `${base}.${frac}Z`;
}

/** A fresh 32-hex id, as the service uses for zones and records. */
export function randomId(): string {
  return randomBytes(16).toString('hex');
}

/** A deterministic 32-hex id derived from a seed string (for seed data). */
export function stableId(seed: string): string {
  return createHash('md5').update(seed).digest('hex');
}
