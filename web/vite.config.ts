import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server serves web/dist and the API on one port; in development vite proxies the API.
const apiTarget = process.env.VERDICT_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
});
