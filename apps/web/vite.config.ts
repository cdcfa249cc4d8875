import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { moduleSizesPlugin } from './bundle-report/module-sizes-plugin.ts';
import { precompressPlugin } from './vite/precompress-plugin.ts';

/**
 * The libraries every page runs (React, React Router, Mantine's core, its floating and scroll helpers, TanStack
 * Query): one chunk instead of a few dozen small ones, so a phone on a slow connection fetches the first page's
 * scripts in a few requests rather than queueing ~30 of them on its 6 connections (issue 9 §8). MapLibre, the
 * carousel, the charts and the form libraries keep their own chunks, loaded by the pages that use them.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|@mantine[\\/](core|hooks|notifications)|@floating-ui|@tanstack|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib|react-transition-group|@babel[\\/]runtime|clsx|cookie|set-cookie-parser)[\\/]/;

/** Mantine components the home, listing and detail pages render (others stay in the chunks of the pages using them). */
const SHELL_COMPONENTS = new Set([
  'Accordion', 'ActionIcon', 'Alert', 'Anchor', 'Avatar', 'Badge', 'Breadcrumbs', 'Burger', 'Button', 'Center', 'Checkbox',
  'CloseButton', 'Combobox', 'Container', 'Divider', 'Drawer', 'FocusTrap', 'Group', 'Input', 'InputBase', 'Loader', 'Menu',
  'Modal', 'ModalBase', 'Notification', 'NumberInput', 'Overlay', 'Paper', 'Popover', 'Portal', 'Radio', 'ScrollArea',
  'Select', 'SimpleGrid', 'Stack', 'Switch', 'Text', 'TextInput', 'Textarea', 'Title', 'Tooltip', 'Transition',
  'UnstyledButton', 'VisuallyHidden',
]);

/** True for a module of the shared framework chunk (FRAMEWORK, and of Mantine's components only SHELL_COMPONENTS). */
function inFramework(id: string): boolean {
  if (!FRAMEWORK.test(id)) return false;
  const component = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]([^\\/]+)[\\/]/.exec(id)?.[1];
  return component === undefined || SHELL_COMPONENTS.has(component);
}

/**
 * The app's own code every page runs (layout, session and account dialogs, the search box, shared messages and
 * constants): one chunk rather than a dozen of a few hundred bytes each.
 */
const APP_SHELL = new RegExp([
  String.raw`apps[\\/]web[\\/]app[\\/]modules[\\/]((layout|api|search|seo|toast)[\\/]|accounts[\\/](session|api|AccountModals)\.tsx?$)`,
  String.raw`packages[\\/]contracts[\\/]src[\\/](common|search|accounts|places|referrals)[\\/][\w-]*messages\.ts$`,
  String.raw`vite[\\/]preload-helper`,
].join('|'));

export default defineConfig({
  // BUNDLE_REPORT=1 (npm run bundle:report) records each chunk's modules for bundle-report/shared-bundle.ts.
  plugins: [
    reactRouter(),
    precompressPlugin(),
    moduleSizesPlugin(process.env.BUNDLE_REPORT ? `${process.env.NJ_WEB_BUILD_DIR || 'build'}/bundle-report/modules.json` : undefined),
  ],
  // Workspace packages are TypeScript source; let Vite compile them into the server bundle too.
  ssr: { noExternal: [/^@nj\//] },
  build: { chunkSizeWarningLimit: 1500 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: 'framework', test: inFramework, priority: 2 }, { name: 'shell', test: APP_SHELL, priority: 1 }],
            },
          },
        },
      },
    },
  },
});
