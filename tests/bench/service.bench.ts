// `npm run bench -- service`: requests per second of `GET /v1/zones` with 10 ids on loopback,
// measured with autocannon against an in-process service (5 s, 10 connections).
import { createRequire } from 'node:module';
import { startService } from '../../electron/service/start-service';

interface AutocannonResult {
  requests: { average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  duration: number;
}) => Promise<AutocannonResult>;

// autocannon ships no types; this is the one call used.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const service = await startService({ autoTick: false });
try {
  const ids = service.seeded.zoneIds.slice(0, 10).join(',');
  const result = await autocannon({
    url: `${service.url}/v1/zones/${ids}`,
    headers: { 'X-API-KEY': service.keys.admin },
    connections: 10,
    duration: 5,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    console.error(`bench: service: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
    process.exitCode = 1;
  }
  console.log(`bench: service GET /v1/zones 10 ids = ${Math.round(result.requests.average)} req/s`);
} finally {
  await service.close();
}
