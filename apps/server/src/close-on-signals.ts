import type { FastifyInstance } from 'fastify';
import type { Database } from '@nj/db';

/**
 * On SIGINT or SIGTERM: closes the server (in-flight requests finish, onClose hooks run), runs `beforeDatabaseClose`
 * (the job worker's graceful stop), then closes the database and exits 0. For the processes that serve (main.ts and
 * the test servers of the crash tests).
 */
export function closeOnSignals(app: FastifyInstance, database: Database, beforeDatabaseClose?: () => Promise<void>): void {
  const stop = async () => {
    await app.close();
    await beforeDatabaseClose?.();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
