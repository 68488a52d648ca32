import { describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/vault/index';
import { createServices } from '../../../src-main/app';
import { AppError } from '../../../src-main/ipc/app-error';
import { createRouter, type Handlers } from '../../../src-main/ipc/router';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ctx = { transport: 'electron' as const };

async function withServices<T>(fn: (services: Awaited<ReturnType<typeof createServices>>) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'zonedesk-router-'));
  const services = await createServices({ dataDir, mode: 'browser', version: '9.9.9', secrets: createMemorySecretStore() });
  try {
    return await fn(services);
  } finally {
    await services.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('router', () => {
  it('answers a known channel with its value', async () => {
    await withServices(async ({ router }) => {
      const result = await router.invoke('app.info', undefined, ctx);
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.value).toMatchObject({ name: 'Zonedesk', version: '9.9.9', mode: 'browser' });
    });
  });

  it.each([
    ['an unknown channel', 'app.nope', undefined, 'UNKNOWN_CHANNEL'],
    ['a prototype key as channel', '__proto__', undefined, 'UNKNOWN_CHANNEL'],
    ['a non-string channel', 42, undefined, 'UNKNOWN_CHANNEL'],
    ['malformed arguments', 'app.ping', { unexpected: true }, 'INVALID_ARGUMENT'],
    ['an oversized payload', 'app.ping', 'x'.repeat(5 * 1024 * 1024), 'PAYLOAD_TOO_LARGE'],
  ])('turns %s into a typed error value', async (_label, channel, args, code) => {
    await withServices(async ({ router }) => {
      const result = await router.invoke(channel, args, ctx);
      expect(result).toMatchObject({ ok: false, error: { code } });
      // The router keeps working afterwards.
      expect((await router.invoke('app.ping', undefined, ctx)).ok).toBe(true);
    });
  });

  it('returns thrown errors as values: AppError keeps its code, others become INTERNAL', async () => {
    const handlers = {
      'app.info': () => {
        throw new AppError('NOT_FOUND', 'No such thing', { id: 1 });
      },
      'app.ping': () => {
        throw new Error('boom');
      },
    } as unknown as Handlers;
    const router = createRouter(handlers);
    expect(await router.invoke('app.info', undefined, ctx)).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No such thing', details: { id: 1 } },
    });
    const original = console.error;
    console.error = () => {};
    try {
      expect(await router.invoke('app.ping', undefined, ctx)).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'boom' } });
    } finally {
      console.error = original;
    }
  });
});

describe('app.chooseSavePath', () => {
  it('is unavailable in browser mode', async () => {
    await withServices(async ({ router }) => {
      expect(await router.invoke('app.chooseSavePath', { defaultName: 'a.txt' }, ctx)).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    });
  });

  it('asks the shell with a bare file name only', async () => {
    const { createAppHandlers } = await import('../../../src-main/app-handlers');
    const asked: string[] = [];
    const handlers = createAppHandlers({ name: 'Zonedesk', version: '1', mode: 'electron', dataDir: '/d', platform: 'linux', versions: {} }, {
      chooseSavePath: async (name) => {
        asked.push(name);
        return `/home/ada/Downloads/${name}`;
      },
    });
    expect(await handlers['app.chooseSavePath']({ defaultName: '../../etc/passwd' }, ctx)).toBe('/home/ada/Downloads/passwd');
    expect(asked).toEqual(['passwd']);
  });
});
