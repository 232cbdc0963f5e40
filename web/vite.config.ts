import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm start` (bin/local.ts) serves the built app and the API on one port; in `vite dev`
// the same paths are forwarded to it so the SPA talks to a real platform.
const platform = process.env.PLATFORM_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': platform,
      '/cognito': platform,
      '/config.json': platform,
    },
  },
});
