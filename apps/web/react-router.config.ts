import type { Config } from '@react-router/dev/config';

/** Framework mode with server rendering: listing and detail pages must be indexable (design.md "Stack"). */
export default {
  appDirectory: 'app',
  ssr: true,
  // NJ_WEB_BUILD_DIR: another output folder (absolute). Each e2e run builds into a private one and serves it
  // (WEB_BUILD_DIR, e2e/support/build-web.ts), so no other build empties the assets a run is testing.
  buildDirectory: process.env.NJ_WEB_BUILD_DIR || 'build',
} satisfies Config;
