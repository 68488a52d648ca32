import { startServiceEmulator, type ServiceEmulatorOptions } from '../../../src-main/emulator/index';

export type Emulator = Awaited<ReturnType<typeof startServiceEmulator>>;

export interface Envelope<T = unknown> {
  result: T;
  success: boolean;
  errors: { code: number; message: string; error_chain?: { code: number; message: string }[]; source?: { pointer: string } }[];
  messages: unknown[];
  result_info?: { page: number; per_page: number; count: number; total_count: number; total_pages: number };
  timing?: unknown;
}

/** Starts an in-memory emulator for a test file. */
export function start(opts: ServiceEmulatorOptions = {}): Promise<Emulator> {
  return startServiceEmulator(opts);
}

/** Calls the emulator with the token (default), the key pair, or explicit headers. */
export async function call<T = unknown>(
  emu: Emulator,
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; auth?: 'token' | 'key' | 'none'; raw?: string | FormData } = {},
): Promise<{ status: number; json: Envelope<T>; headers: Headers }> {
  const headers: Record<string, string> = {};
  if ((opts.auth ?? 'token') === 'token') headers.authorization = `Bearer ${emu.credentials.token}`;
  if (opts.auth === 'key') Object.assign(headers, { 'x-auth-email': emu.credentials.email, 'x-auth-key': emu.credentials.apiKey });
  let body: string | FormData | undefined = opts.raw;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${emu.baseUrl}${path}`, { method, headers: { ...headers, ...opts.headers }, body });
  const text = await res.text();
  let json: Envelope<T>;
  try {
    json = JSON.parse(text) as Envelope<T>;
  } catch {
    json = { result: text as T, success: res.ok, errors: [], messages: [] };
  }
  return { status: res.status, json, headers: res.headers };
}

export const ZONE = {
  pro: 'acme-shop.example',
  business: 'globex.example',
  enterprise: 'initech.example',
  legacy: 'umbrella-legacy.example',
};

/** Id of a seeded zone by name. */
export async function zoneId(emu: Emulator, name: string): Promise<string> {
  const r = await call<{ id: string }[]>(emu, 'GET', `/zones?name=${name}`);
  const id = r.json.result[0]?.id;
  if (!id) throw new Error(`no zone ${name}`);
  return id;
}
