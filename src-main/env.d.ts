// electron-vite replaces import.meta.env.DEV at build time, so development-only branches are
// removed from the production bundle entirely.
interface ImportMetaEnv {
  readonly DEV: boolean;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
