import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { moduleSizesPlugin } from './bundle-report/module-sizes-plugin.ts';

export default defineConfig({
  // BUNDLE_REPORT=1 (npm run bundle:report) records each chunk's modules for bundle-report/shared-bundle.ts.
  plugins: [
    reactRouter(),
    moduleSizesPlugin(process.env.BUNDLE_REPORT ? `${process.env.NJ_WEB_BUILD_DIR || 'build'}/bundle-report/modules.json` : undefined),
  ],
  // Workspace packages are TypeScript source; let Vite compile them into the server bundle too.
  ssr: { noExternal: [/^@nj\//] },
  build: { chunkSizeWarningLimit: 1500 },
});
