import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // Workspace packages are TypeScript source; let Vite compile them into the server bundle too.
  ssr: { noExternal: [/^@nj\//] },
  build: { chunkSizeWarningLimit: 1500 },
});
