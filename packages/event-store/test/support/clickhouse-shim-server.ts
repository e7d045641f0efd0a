// Runs the shim on its own, for a ClickHouse URL that another process can use, e.g. the event-store suites with
// TEST_CLICKHOUSE_URL (each suite then works in a database of its own on it):
//   node --import tsx packages/event-store/test/support/clickhouse-shim-server.ts [port] [data directory]
// Test only: it serves whoever reaches 127.0.0.1, with no credentials.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startClickHouseShim } from './clickhouse-shim.ts';

const [port = '8123', dataDir = mkdtempSync(path.join(tmpdir(), 'foldline-shim-'))] = process.argv.slice(2);
const shim = await startClickHouseShim({ dataDir, port: Number(port) });
console.log(`chDB (${dataDir}) over ClickHouse's HTTP interface at ${shim.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shim.close().then(() => process.exit(0)));
