import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        // The Electron entry and the browser-mode server share every service module.
        input: {
          index: resolve('src-main/electron/main.ts'),
          serve: resolve('src-main/serve.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // sandbox: true allows only a single CommonJS preload with no runtime require of packages.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
        external: ['electron'],
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [svelte({ configFile: resolve('svelte.config.js') })],
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: { index: resolve('src-renderer/index.html') } },
    },
  },
});
