import { describe, expect, it } from 'vitest';
import { scanDevServerUrl } from './dev-guard';

// The scanner behind the production-bundle check, on the shapes a bundler may emit.
describe('scanDevServerUrl', () => {
  it.each([
    ['ternary on !isPackaged', 'var u = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : void 0;', [true]],
    ['ternary on isPackaged, else branch', 'const u = app.isPackaged ? undefined : process.env["ELECTRON_RENDERER_URL"];', [true]],
    ['&& chain', 'const u = isDev && !app.isPackaged && process.env.ELECTRON_RENDERER_URL;', [true]],
    ['if block', 'if (!(app.isPackaged)) { win.loadURL(process.env.ELECTRON_RENDERER_URL); }', [true]],
    ['=== false', 'if (app.isPackaged === false) load(process.env.ELECTRON_RENDERER_URL);', [true]],
    ['unguarded read', 'const u = process.env.ELECTRON_RENDERER_URL;', [false]],
    ['guard on something else', 'const u = !app.isReady ? process.env.ELECTRON_RENDERER_URL : undefined;', [false]],
    ['wrong branch', 'const u = !app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;', [false]],
    ['destructured', 'const { ELECTRON_RENDERER_URL } = process.env;', [false]],
    ['dead-code eliminated', 'win.loadURL("app://zonedesk/index.html");', []],
  ])('%s', (_name, code, guarded) => {
    const scan = scanDevServerUrl(code);
    expect(scan.reads.map((r) => r.guarded)).toEqual(guarded);
    expect(scan.textOccurrences).toBe(guarded.length);
  });

  it('ignores mentions in comments but notices names assembled in templates', () => {
    expect(scanDevServerUrl('/* ELECTRON_RENDERER_URL is dev only */ run();').textOccurrences).toBe(0);
    const hidden = scanDevServerUrl('const u = process.env[`${"ELECTRON"}_ELECTRON_RENDERER_URL`];');
    expect(hidden.textOccurrences).toBeGreaterThan(hidden.reads.length);
  });
});
