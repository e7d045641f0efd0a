// Vite build and dev server of the web app: React, Tailwind, and /api proxied to the local Foldline server.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // @foldline/contracts is a workspace symlink exporting .ts source: resolve through the link and
    // prefer its source condition so Vite transpiles it like our own files.
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
