import { writeFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Plugin } from 'vite';

/** One emitted JavaScript chunk of the browser build and the rendered code of each source module in it. */
export type TChunkModules = {
  fileName: string;
  /** Source module id (absolute path, or a virtual id) → its rendered code in the chunk (before minifying). */
  modules: Record<string, string>;
};

/**
 * Vite/rolldown plugin that records, for every JavaScript chunk of the browser build, which source modules it holds
 * and their rendered code (rolldown's `RenderedModule.code`). It does nothing unless `outFile` is given, so the
 * ordinary `npm run build` is unchanged; `npm run bundle:report -w @nj/web` passes it (issue 8 part 5: measure how
 * much of the bundle every page loads is `@nj/contracts`).
 *
 * Takes the path of the JSON file to write (an array of `TChunkModules`), or undefined to do nothing.
 * Returns the plugin. Throws nothing itself; a failed write fails the build.
 */
export function moduleSizesPlugin(outFile: string | undefined): Plugin {
  return {
    name: 'nj-module-sizes',
    apply: 'build',
    async generateBundle(_options, bundle) {
      if (!outFile || this.environment.name !== 'client') return;
      const chunks: TChunkModules[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules: Record<string, string> = {};
        for (const [id, info] of Object.entries(output.modules)) modules[id] = info.code ?? '';
        chunks.push({ fileName: output.fileName, modules });
      }
      await mkdir(dirname(outFile), { recursive: true });
      await writeFile(outFile, JSON.stringify(chunks));
    },
  };
}
