/**
 * `npm run bench:chat [-- --smoke]`
 *
 * The chat's real-time delivery (issue 11 'Performance'): SOCKETS connected sockets (default 2,000; smoke 40) on the
 * rooms of RENTS = SOCKETS / 20 conversations (each with 10 tabs of its renter and 10 of its owner), then RATE
 * messages a second (default 200; smoke 20) for SECONDS (default 10; smoke 2), sent by the renters' first tabs over
 * `on_message_sent`, round robin over the conversations. For every message and every socket of its room it records
 * the delay from the emit to `on_message_received` (ms) and reports p50/p95/p99/max and the deliveries missing
 * (expected: 0). Run twice: one server process; then two processes' worth of app sharing rooms through the Redis
 * adapter (renters on one, owners on the other) with a private redis-server (skipped when it is not installed); with
 * `PG_BENCH_URL` also two processes without Redis, sharing rooms through PostgreSQL's LISTEN/NOTIFY (decision 010).
 *
 * The server apps run in this process and the 2,000 socket.io clients in a worker thread (so the server's event
 * loop is measured without the clients' parsing; each delay is taken on the worker's one clock), on a fresh embedded PGlite database
 * in a temporary folder (or, with `PG_BENCH_URL`, a PostgreSQL database created and dropped for the run), so the figures include the clients' own cost and the database's write per message
 * (sendMessage: policy, idempotency check, rate limits, insert). Results go to docs/benchmarks.md by hand.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { migrate, openDatabase, type Database } from '@nj/db';
import { ChatEvents, contactListing, createRateLimiter, issueChatToken, registeredActor } from '@nj/core';
import { insertTestProperties } from '@nj/core/search/testing/insert-properties';
import { createTestClientSession } from '@nj/core/likes/testing/registered-session';
import { startTestRedis } from '@nj/core/testing/redis-server';
import { buildApp } from '../../app.ts';
import { readServerConfig } from '../../config.ts';
import { CHAT_SOCKET_PATH } from '../chat-socket.ts';

const SMOKE = process.env.BENCH_SMOKE === '1' || process.argv.includes('--smoke');
const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? (SMOKE ? 40 : 2000));
const RATE = Number(process.env.BENCH_CHAT_RATE ?? (SMOKE ? 20 : 200));
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? (SMOKE ? 2 : 10));
const TABS = 10;
const RENTS = Math.max(1, Math.round(SOCKETS / (2 * TABS)));
const SECRET = 'b'.repeat(40);

type Conversation = { ruid: string; renter: string; owner: string };

function pct(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

async function conversations(database: Database): Promise<Conversation[]> {
  const deps = { database, limiter: createRateLimiter({ database }), events: new ChatEvents() };
  const out: Conversation[] = [];
  for (let i = 0; i < RENTS; i++) {
    // Each conversation its own owner and renter: a client's room reaches all of that client's tabs, so a shared
    // owner would receive every conversation's messages (right for the nav's count, but not what this measures).
    const owner = await createTestClientSession(database);
    const renter = await createTestClientSession(database);
    const [listing] = await insertTestProperties(database, [
      { lat: 17.5 + (i % 50) * 0.001, lng: -111.5 - Math.floor(i / 50) * 0.001, owner_cuid: owner.cuid, rent_price: 10_000 + i },
    ]);
    const { rent } = await contactListing(deps, { actor: registeredActor(renter.cuid), puid: listing!.puid, text: 'Hola' });
    out.push({ ruid: rent.ruid, renter: renter.cuid, owner: owner.cuid });
  }
  return out;
}

/** Connects one socket to `url` and joins `ruid` as `cuid`; resolves once on_joined_room arrives. */
function joinRoom(url: string, cuid: string, ruid: string, onMessage: (text: string) => void): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { path: CHAT_SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true });
    socket.on('on_message_received', (event: { message: { text: string } }) => onMessage(event.message.text));
    socket.once('on_joined_room', () => resolve(socket));
    socket.once('on_error_alert', (alert: { msg: string }) => reject(new Error(alert.msg)));
    socket.once('connect_error', reject);
    socket.emit('on_join_room', { token: issueChatToken({ secret: SECRET, cuid }).token, ruid });
  });
}

/**
 * A fresh database: PGlite in a temporary folder, or with `PG_BENCH_URL` (an admin URL of a PostgreSQL server with
 * PostGIS) a database created for the run; `drop` removes either.
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const admin = process.env.PG_BENCH_URL;
  if (!admin) {
    const dir = mkdtempSync(join(tmpdir(), 'nj-bench-chat-'));
    const database = await openDatabase({ dataDir: join(dir, 'pg'), slowQuery: false });
    return { database, drop: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const name = `nj_chat_bench_${randomBytes(4).toString('hex')}`;
  const sqlOnAdmin = async (q: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try { await client.query(q); } finally { await client.end(); }
  };
  await sqlOnAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10, slowQuery: false });
  return { database, drop: async () => { await database.close(); await sqlOnAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); } };
}

type ClientResult = { delays: number[]; connectMs: number; sockets: number; expected: number };

/**
 * The clients' side, run in a worker thread so the server's event loop is measured alone: connects every tab, sends
 * RATE messages a second for SECONDS, and measures each delivery on the same clock as its send.
 */
async function driveClients(input: { urls: string[]; talks: Conversation[] }): Promise<ClientResult> {
  const { urls, talks } = input;
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  const record = (text: string) => {
    const at = sentAt.get(text);
    if (at !== undefined) delays.push(performance.now() - at);
  };
  const sockets: Socket[] = [];
  const senders: Socket[] = [];
  const started = performance.now();
  for (const talk of talks) {
    const tabs = await Promise.all([
      ...Array.from({ length: TABS }, () => joinRoom(urls[0]!, talk.renter, talk.ruid, record)),
      ...Array.from({ length: TABS }, () => joinRoom(urls[urls.length - 1]!, talk.owner, talk.ruid, record)),
    ]);
    sockets.push(...tabs);
    senders.push(tabs[0]!);
  }
  const connectMs = performance.now() - started;
  const total = RATE * SECONDS;
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = t0 + (i * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const text = `m${i}`;
    sentAt.set(text, performance.now());
    senders[i % senders.length]!.emit('on_message_sent', { ruid: talks[i % talks.length]!.ruid, text, client_message_id: text });
  }
  const expected = total * TABS * 2;
  const deadline = performance.now() + 15_000;
  while (delays.length < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const socket of sockets) socket.disconnect();
  return { delays, connectMs, sockets: sockets.length, expected };
}

/** Runs driveClients in a worker thread (this same file) and resolves with its result. */
function clientsInWorker(input: { urls: string[]; talks: Conversation[] }): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: input });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function run(label: string, options: { redisUrl?: string; twoApps?: boolean }): Promise<void> {
  const { redisUrl } = options;
  const { database, drop } = await freshDatabase();
  await migrate(database);
  const config = readServerConfig({ SESSION_SECRET: SECRET, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
  const apps = [await buildApp({ database, config })];
  if (options.twoApps) apps.push(await buildApp({ database, config }));
  const urls = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
  const talks = await conversations(database);

  const result = await clientsInWorker({ urls, talks });
  const { delays, connectMs, sockets, expected } = result;
  const sorted = [...delays].sort((a, b) => a - b);
  console.log(`| ${label} | ${sockets} | ${(connectMs / 1000).toFixed(1)} s | ${RATE}/s × ${SECONDS} s | ${pct(sorted, 50).toFixed(1)} | ${pct(sorted, 95).toFixed(1)} | ${pct(sorted, 99).toFixed(1)} | ${sorted.at(-1)?.toFixed(1)} | ${expected - delays.length} |`);

  for (const app of apps) await app.close();
  await drop();
  if (expected - delays.length !== 0 && !SMOKE) process.exitCode = 1;
}

if (!isMainThread) {
  parentPort!.postMessage(await driveClients(workerData as { urls: string[]; talks: Conversation[] }));
  process.exit(0);
}

console.log(`bench:chat · ${RENTS} conversaciones × ${2 * TABS} pestañas · ${process.env.PG_BENCH_URL ? 'PostgreSQL' : 'PGlite'}${SMOKE ? ' (smoke)' : ''}`);
console.log('| setup | sockets | connect | messages | p50 ms | p95 ms | p99 ms | max ms | missing deliveries |');
console.log('|---|---:|---:|---|---:|---:|---:|---:|---:|');
await run('one process', {});
// On PostgreSQL without Redis the rooms span processes through LISTEN/NOTIFY (decision 010).
if (process.env.PG_BENCH_URL) await run('two processes + PostgreSQL NOTIFY', { twoApps: true });
let redis: Awaited<ReturnType<typeof startTestRedis>> | null = null;
try {
  redis = await startTestRedis();
} catch {
  console.log('| two processes + Redis | (redis-server not installed: skipped) |');
}
if (redis) {
  try {
    await run('two processes + Redis', { redisUrl: redis.url, twoApps: true });
  } finally {
    redis.stop();
  }
}
process.exit(process.exitCode ?? 0);
