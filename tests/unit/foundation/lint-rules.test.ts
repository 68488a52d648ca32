import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RULE = 'no-restricted-imports';

// The project's own ESLint configuration keeps Electron inside the thin shell (DESIGN, principle 2).
describe('lint rule: only src-main/electron and src-preload import electron', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  async function violations(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
    return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
  }

  it.each([
    ['src-main/dns/anything.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['src-main/app.ts', "import type { WebContents } from 'electron';\nexport type W = WebContents;\n"],
    ['src-main/vault/x.ts', "export { shell } from 'electron';\n"],
    ['src-renderer/src/lib/x.ts', "import { ipcRenderer } from 'electron';\nexport const i = ipcRenderer;\n"],
  ])('flags an electron import in %s', async (file, code) => {
    expect(await violations(file, code)).toEqual([expect.stringContaining('src-main/electron')]);
  });

  it.each([
    ['src-main/electron/anything.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['src-preload/anything.ts', "import { contextBridge } from 'electron';\nexport const c = contextBridge;\n"],
  ])('allows it in %s', async (file, code) => {
    expect(await violations(file, code)).toEqual([]);
  });
}, 60_000);
