import type { RouteRegistration } from './define-route.ts';
import getHealth from './health/get-health.ts';

/** Every API endpoint file, registered in app.ts. Add new endpoint files here. */
export const routes: RouteRegistration[] = [getHealth];
