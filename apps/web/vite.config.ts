import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/** VITE_API_PROXY: a port (`3200`) or a URL (`http://host:3200`) of a running Vaskedrift server. */
function proxyTarget(value: string | undefined): string {
  if (!value) return 'http://localhost:3000';
  return /^\d+$/.test(value) ? `http://localhost:${value}` : value;
}

export default defineConfig(({ mode }) => {
  const target = proxyTarget(loadEnv(mode, '.', 'VITE_').VITE_API_PROXY);
  return {
    plugins: [react()],
    build: { outDir: 'dist', emptyOutDir: true },
    server: {
      proxy: {
        '/api': { target, changeOrigin: true },
        '/auth': { target, changeOrigin: true },
        // The live channel (decision 020), its WebSocket upgrade included. The Host header is kept (no
        // changeOrigin), so the page's Origin is the server's "own host" whatever NODE_ENV it runs with.
        '/socket.io': { target, ws: true },
      },
    },
  };
});
