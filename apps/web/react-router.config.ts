import type { Config } from '@react-router/dev/config';

/** Framework mode with server rendering: listing and detail pages must be indexable (design.md "Stack"). */
export default {
  appDirectory: 'app',
  ssr: true,
  // NJ_WEB_BUILD_DIR: another output folder (absolute). The e2e runs build into a private one, then move the files
  // into build/ without removing any (e2e/build-web.ts), so one run's build never empties another run's assets.
  buildDirectory: process.env.NJ_WEB_BUILD_DIR || 'build',
} satisfies Config;
