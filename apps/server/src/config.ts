/**
 * The server's settings: one zod schema over the environment (`ZServerEnv`, every variable the server reads) turned
 * into a checked ServerConfig, read once at start by main.ts (README "Settings", issue 8 §2). The schema lives in
 * @nj/core (`config/server-config.ts`) beside the AppServices type that carries it, so the web app's loaders can
 * name both without importing this package (docs/decisions/006-services-and-config.md).
 */
export { readServerConfig, ServerConfigError, SERVER_VARIABLES, ZServerConfig, ZServerEnv, type ServerConfig } from '@nj/core/config/server-config';
