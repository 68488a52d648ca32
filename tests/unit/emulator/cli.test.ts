import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

describe('npm run emulator -- --port N --data-dir D', () => {
  it('prints the base URL and the credentials, serves the seeded zones, keeps state in the data dir', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedesk-emu-cli-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/emulator/cli.ts', '--port', '0', '--data-dir', dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      const printed = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no output: ${out}`)), 20_000);
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.includes('API token:') && out.trimEnd().split('\n').length >= 5) {
            clearTimeout(timer);
            resolve(out);
          }
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const baseUrl = /base URL:\s+(\S+)/.exec(printed)?.[1] ?? '';
      const token = /API token:\s+(\S+)/.exec(printed)?.[1] ?? '';
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/client\/v4$/);
      expect(printed).toMatch(/email:\s+\S+@\S+/);
      expect(printed).toMatch(/API key:\s+[0-9a-f]{37}/);
      const res = await fetch(`${baseUrl}/zones`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await res.json()) as { result: unknown[] }).result).toHaveLength(4);
      expect(fs.existsSync(path.join(dir, 'service-emulator.sqlite'))).toBe(true);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('refuses a port that is not a number', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/emulator/cli.ts', '--port', 'abc'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code).toBe(2);
    expect(err).toContain('--port must be a port number');
  }, 30_000);
});
