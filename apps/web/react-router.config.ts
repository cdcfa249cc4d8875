import type { Config } from '@react-router/dev/config';

/** Framework mode with server rendering: listing and detail pages must be indexable (design.md "Stack"). */
export default {
  appDirectory: 'app',
  ssr: true,
} satisfies Config;
