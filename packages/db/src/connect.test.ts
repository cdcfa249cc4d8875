import { CompiledQuery, sql, type LogEvent } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BULK_STATEMENT_PARAMS, openDatabase, slowQueryLogger, SLOW_QUERY_MS } from './connect.ts';

/** Issue 8 §3: every query slower than 20 ms (or the given threshold) is logged once, with its duration. */

const event = (ms: number, text: string, level: 'query' | 'error' = 'query'): LogEvent =>
  level === 'query'
    ? { level, query: CompiledQuery.raw(text), queryDurationMillis: ms }
    : { level, error: new Error('x'), query: CompiledQuery.raw(text), queryDurationMillis: ms };

describe('slowQueryLogger', () => {
  it('logs a query above the threshold once, with its duration and the first 200 characters of its SQL', () => {
    const lines: string[] = [];
    const logger = slowQueryLogger({ log: (l) => lines.push(l) })!;
    const longSql = `SELECT puid,\n     slug FROM properties WHERE ${'x'.repeat(400)}`;
    logger(event(SLOW_QUERY_MS + 5.04, longSql));
    logger(event(SLOW_QUERY_MS, 'SELECT 1'));
    logger(event(3, 'SELECT 2'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(`consulta lenta: 25.0 ms ${longSql.replace(/\s+/g, ' ').slice(0, 200)}`);
    expect(lines[0]!.length).toBe('consulta lenta: 25.0 ms '.length + 200);
  });

  it('takes the threshold from its parameter and logs failed slow queries too', () => {
    const lines: string[] = [];
    const logger = slowQueryLogger({ thresholdMs: 100, log: (l) => lines.push(l) })!;
    logger(event(60, 'SELECT 1'));
    logger(event(150, 'SELECT broken', 'error'));
    expect(lines).toEqual(['consulta lenta: 150.0 ms SELECT broken']);
  });

  it('leaves out bulk statements (an import\'s multi-row INSERT), whose time grows with their size', () => {
    const lines: string[] = [];
    const logger = slowQueryLogger({ log: (l) => lines.push(l) })!;
    const params = (n: number) => Array.from({ length: n }, (_, i) => i);
    logger({ level: 'query', query: CompiledQuery.raw('INSERT INTO places VALUES …', params(BULK_STATEMENT_PARAMS + 1)), queryDurationMillis: 400 });
    logger({ level: 'query', query: CompiledQuery.raw('SELECT * FROM places WHERE id = ANY($1)', params(BULK_STATEMENT_PARAMS)), queryDurationMillis: 400 });
    expect(lines).toEqual(['consulta lenta: 400.0 ms SELECT * FROM places WHERE id = ANY($1)']);
  });

  it('is off with false, and a throwing log never reaches the query', () => {
    expect(slowQueryLogger(false)).toBeUndefined();
    const logger = slowQueryLogger({ log: () => { throw new Error('log down'); } })!;
    expect(() => logger(event(500, 'SELECT 1'))).not.toThrow();
  });

  it('defaults to console.warn', () => {
    const seen: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => { seen.push(...args); };
    try {
      slowQueryLogger(undefined)!(event(21, 'SELECT 1'));
    } finally {
      console.warn = warn;
    }
    expect(seen).toEqual(['consulta lenta: 21.0 ms SELECT 1']);
  });
});

describe('openDatabase slow-query hook', () => {
  it('logs each query through the database once when it takes longer than the threshold', async () => {
    const lines: string[] = [];
    // Threshold -1: every query is "slow", so each one shows exactly once without depending on the machine's speed.
    const all = await openDatabase({ slowQuery: { thresholdMs: -1, log: (l) => lines.push(l) } });
    try {
      await sql`SELECT 41 + 1 AS answer`.execute(all.db);
      await all.db.selectNoFrom(sql<number>`2`.as('two')).execute();
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^consulta lenta: \d+\.\d ms SELECT 41 \+ 1 AS answer$/);
      expect(lines[1]).toMatch(/^consulta lenta: \d+\.\d ms select 2 as "two"$/);
    } finally {
      await all.close();
    }
  });
});
