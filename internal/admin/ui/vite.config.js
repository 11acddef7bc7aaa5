import { defineConfig } from 'vite';

// The panel is served by kiln at /admin from the files of ../dist, which
// the Go package internal/admin embeds: no source map, no file from another
// host, names hashed by content so that a build of the same source gives
// the same files (CI compares them).
export default defineConfig({
  base: '/admin/',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
  },
  test: {
    // The panel's own tests, and those of the plugins' panel modules
    // (plugins/*/admin), which live beside the modules they test.
    dir: '../../..',
    include: ['internal/admin/ui/src/**/*.test.js', 'plugins/*/admin/**/*.test.js'],
  },
});
