import { mkdirSync } from 'node:fs';
import { databaseOptions, migrate, openDatabase } from '@nj/db';
import { readServerConfig } from './config.ts';
import { buildApp } from './app.ts';
import { prepareData } from './startup.ts';

/**
 * `npm start`: opens the database (PGlite in DATA_DIR, or DATABASE_URL), runs migrations, imports the demo data on
 * an empty database (with progress on the console), then serves API and pages on PORT.
 */
async function main(): Promise<void> {
  const config = readServerConfig();
  if (!config.url) mkdirSync(config.dataDir, { recursive: true });
  console.log(config.url ? 'Base de datos: PostgreSQL (DATABASE_URL)' : `Base de datos: PGlite en ${config.dataDir}`);
  const database = await openDatabase(databaseOptions(config));
  const applied = await migrate(database);
  if (applied.length) console.log(`Migraciones aplicadas: ${applied.join(', ')}`);
  if (!config.skipDemoImport) await prepareData(database, { log: (line) => console.log(line) });
  const app = await buildApp({ database, config, web: true, logger: true });
  await app.listen({ port: config.port, host: config.host });
  console.log(`Listo: http://localhost:${config.port}`);
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
