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
    // dist/.vite/manifest.json: bench/first-load.ts sums what each page's first load pulls in.
    manifest: true,
    // hls.js (~580 KB, ~170 KB gzipped) is its own chunk, loaded only by the member player route.
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': platform,
      '/cognito': platform,
      '/config.json': platform,
    },
  },
});
