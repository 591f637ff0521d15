import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    port: 5173,
    // In development the API runs on its own port (npm start); the web dev server forwards to it.
    proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000' },
  },
  build: { target: 'es2022' },
  // Fixed once per build, so the prerendered JSON-LD and the hydrated page agree on "one year from build".
  define: { 'import.meta.env.VITE_BUILD_TIME': JSON.stringify(new Date().toISOString()) },
});
