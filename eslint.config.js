import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';

export default ts.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty-pattern': 'off',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    // The Electron shell stays thin: only src-main/electron and the preload may import 'electron'.
    files: ['src-main/**/*.ts', 'src-renderer/**/*.{ts,svelte}'],
    ignores: ['src-main/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: "Only src-main/electron/ and src-preload/ may import 'electron'." }],
          patterns: [{ group: ['electron/*'], message: "Only src-main/electron/ and src-preload/ may import 'electron'." }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "ImportExpression[source.value='electron']", message: "Only src-main/electron/ and src-preload/ may import 'electron'." },
      ],
    },
  },
  {
    // The renderer never talks to ipcRenderer directly; it goes through lib/bridge.ts.
    files: ['src-renderer/**/*.{ts,svelte}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'require', message: 'The renderer has no Node.' }],
    },
  },
);
