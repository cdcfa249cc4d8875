export { buildApp } from './app.ts';
export { readServerConfig, type ServerConfig } from './config.ts';
export type { AppServices } from './services.ts';
