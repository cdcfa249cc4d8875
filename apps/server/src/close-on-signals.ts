import type { FastifyInstance } from 'fastify';
import type { Database } from '@nj/db';

/**
 * On SIGINT or SIGTERM: closes the server (in-flight requests finish, onClose hooks run), then the database, then
 * exits 0. For the processes that serve (main.ts and the test server of the crash test).
 */
export function closeOnSignals(app: FastifyInstance, database: Database): void {
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
