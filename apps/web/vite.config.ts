// Vite build and dev server of the web app: React, Tailwind, and /api proxied to the local Foldline server.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // @foldline/contracts is a workspace symlink exporting .ts source: following the link to its real path puts it
    // outside node_modules, so Vite transpiles it like our own files (the default, stated because the app relies on it).
    preserveSymlinks: false,
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    // Route modules are lazy: the landing page must not carry the dashboard's code.
    target: 'es2022',
    sourcemap: false,
  },
});
