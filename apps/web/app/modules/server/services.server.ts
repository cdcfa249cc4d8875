import { data, type RouterContextProvider } from 'react-router';
import type { AppServices } from '@nj/core/app-services';
import { servicesContext } from '../../services-context.ts';

/** The default map style, served by our own server from bundled boundaries (works offline). */
export const DEFAULT_MAP_STYLE_PATH = '/api/v1/map/style.json';

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}

/** What every page needs from the settings: public origin (canonical links) and the map style URL. */
export function pageSettings(services: AppServices) {
  return {
    origin: services.config.publicUrl,
    mapStyleUrl: services.config.mapStyleUrl ?? DEFAULT_MAP_STYLE_PATH,
  };
}

/** True for the AppError a core function throws when nothing matches. */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'NOT_FOUND';
}

/** True for the AppError GONE: a listing its owner deactivated, asked for by someone else (issue 7 §7). */
export function isGone(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'GONE';
}

/** Throws the 404 response the route's ErrorBoundary renders as the Spanish not-found page. */
export function notFound(message?: string): never {
  throw data({ message: message ?? null }, { status: 404 });
}
