/**
 * Data sources (decision 027): `POST /api/v1/backend/data/search` through app.inject over FILES uploaded
 * Markdown files of about SIZE_KB each (Norwegian words, a few rare ones), and one upload of 10 files of
 * 1 MB through the real multipart route. A scratch database on the server at DATABASE_URL, dropped after.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/data-search.ts
 *
 * Options (environment): FILES (1000), SIZE_KB (20), CALLS (30).
 */
import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase, withDatabase } from '../apps/server/src/db/admin';
import { runMigrations } from '../apps/server/src/db/client';
import { multipartBody } from '../apps/server/test/multipart';
import { startBenchApp } from './bench-app';
import { percentile } from './bench-server';

const FILES = Number(process.env.FILES ?? 1000);
const SIZE_KB = Number(process.env.SIZE_KB ?? 20);
const CALLS = Number(process.env.CALLS ?? 30);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL is required (a server to make a scratch database on)');

const WORDS = (
  'vaskehall vaskehallen vaskehallene børste børstene såpe voks skylling trykk pumpe dyse kjemikalier ' +
  'kontroller anlegg kunde bil bilene morgen kveld rutine sjekk filter vann varme temperatur tank nivå ' +
  'service tekniker reservedel lager åpningstid kasse betaling kort kvittering rengjøring sluk rist'
).split(' ');
const RARE = ['hydrofobering', 'osmoseanlegg', 'frostsikring'];

function document(i: number): string {
  const words: string[] = [`# Rutine ${i}`, ''];
  let bytes = 0;
  let n = i;
  while (bytes < SIZE_KB * 1024) {
    n = (n * 1103515245 + 12345) % 2147483648;
    const word = WORDS[n % WORDS.length] ?? 'vask';
    words.push(word);
    bytes += word.length + 1;
  }
  if (i % 100 === 0) words.push(RARE[(i / 100) % RARE.length] ?? 'hydrofobering');
  return words.join(' ');
}

const dbName = `vd_bench_${randomBytes(4).toString('hex')}`;
await ensureDatabase(adminUrl, dbName);
const url = withDatabase(adminUrl, dbName);
try {
  await runMigrations(url);
  const bench = await startBenchApp(url);
  const { app, database } = bench;
  const { token } = await bench.signedIn('admin');

  let started = performance.now();
  for (let from = 0; from < FILES; from += 100) {
    const batch = Array.from({ length: Math.min(100, FILES - from) }, (_, k) => from + k);
    const bodies = batch.map(document);
    await database.pool.query(
      `insert into data_sources (title, file_name, byte_size, body)
       select 'Rutine ' || n, 'rutine-' || n || '.md', octet_length(b), b from unnest($1::int[], $2::text[]) as t(n, b)`,
      [batch, bodies],
    );
  }
  const { rows } = await database.pool.query(
    `select pg_size_pretty(pg_total_relation_size('data_sources')) as total,
            pg_size_pretty(pg_relation_size('data_sources_search_idx')) as gin`,
  );
  console.log(
    `Inserted ${FILES} files of ~${SIZE_KB} kB in ${(performance.now() - started).toFixed(0)} ms ` +
      `(table with TOAST and indexes ${rows[0].total}, GIN index ${rows[0].gin})`,
  );

  const files = Array.from({ length: 10 }, (_, i) => ({
    name: `stor-${i}.md`,
    type: 'text/markdown',
    data: Buffer.from(`# Stor ${i}\n\n${'vaskehall kontroller pumpe '.repeat(40_000)}`.slice(0, 1024 * 1024)),
  }));
  const { contentType, payload } = multipartBody(files);
  started = performance.now();
  const upload = await app.inject({
    method: 'POST',
    url: '/api/v1/backend/data/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
  if (upload.statusCode !== 200) throw new Error(`${upload.statusCode} ${upload.body}`);
  console.log(`Upload of 10 files × 1 MB through multipart: ${(performance.now() - started).toFixed(0)} ms`);

  async function measure(query: string) {
    const call = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/backend/data/search',
        headers: { authorization: `Bearer ${token}` },
        payload: { query },
      });
    for (let i = 0; i < 3; i++) await call();
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      const res = await call();
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      count = res.json().count;
    }
    times.sort((a, b) => a - b);
    console.log(
      `search ${JSON.stringify(query).padEnd(28)} ${String(count).padStart(3)} hits  ` +
        `p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`,
    );
  }
  console.log(
    `backend/data/search through app.inject, ${CALLS} calls each (at most 20 hits, with excerpts):`,
  );
  await measure('hydrofobering');
  await measure('osmoseanleggene');
  await measure('vaskehallene');
  await measure('"børstene såpe" -voks');

  await bench.close();
} finally {
  await dropDatabase(adminUrl, dbName);
}
