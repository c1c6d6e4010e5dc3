import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA lives in src/web and is built to dist/web, which the API server serves pre-compressed.
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
