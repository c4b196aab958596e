/**
 * Image resizes per second on a cache miss: GET /_next/image?url=files/<id>&w=640&q=75 (Accept: image/webp) of the
 * real app against sharp alone doing the same resize (same source files, width, quality, format and concurrency)
 * in the same kind of child process (bench/files-server.ts), in the same run. See bench/README.md ("Files").
 *
 *   npm run bench:files:image
 *   BENCH_FILES_IMAGE_CONCURRENCY=1,2,4 BENCH_FILES_IMAGE_ROUNDS=8 npm run bench:files:image
 *
 * Every app request is a miss: a round asks each source image once, and the app's disk cache
 * (DATA_DIR/cache/images) is emptied between rounds, while the app is idle; the number of renditions the
 * round left in the cache must equal the number of requests, or the benchmark fails.
 *
 * Exit code: 0 ok, 1 the benchmark failed, 2 a ratio app ÷ sharp is below 0.85.
 */
import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  fmt,
  intFromEnv,
  machineLine,
  makeTempDir,
  median,
  MiB,
  photoJpeg,
  printRows,
  procCpuMs,
  request,
  startServer,
  uploadFiles,
  type TResizeResult,
  type TServer,
} from './files-shared';
import { failureMessage, reportFailure, runBenchmark, writeReport } from './report';

const MIN_RATIO = 0.85;

const concurrencies = (process.env.BENCH_FILES_IMAGE_CONCURRENCY || '2,4').split(',').map((value) => {
  const parsed = Number(value.trim());
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`BENCH_FILES_IMAGE_CONCURRENCY: "${value}" is not an integer >= 1`);
  return parsed;
});

const settings = {
  images: intFromEnv('BENCH_FILES_IMAGES', 12, 1),
  sourceWidth: intFromEnv('BENCH_FILES_IMAGE_SOURCE_WIDTH', 4032, 64),
  sourceHeight: intFromEnv('BENCH_FILES_IMAGE_SOURCE_HEIGHT', 3024, 64),
  width: intFromEnv('BENCH_FILES_IMAGE_WIDTH', 640, 16),
  quality: intFromEnv('BENCH_FILES_IMAGE_QUALITY', 75, 1),
  rounds: intFromEnv('BENCH_FILES_IMAGE_ROUNDS', 9, 1),
  concurrencies,
  /** A directory: one more round of each target (not counted) with a V8 CPU profile of its server written there. */
  profileDir: process.env.BENCH_FILES_PROFILE || null,
};

type TRound = { target: 'sharp' | 'app'; concurrency: number; round: number; count: number; elapsedMs: number; perSecond: number; cpuMsPerResize: number };

/** `count` requests, `concurrency` at a time over keep-alive connections, each body read to its end. */
const requestAll = async (urls: readonly string[], headers: Record<string, string>, concurrency: number) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  let outputBytes = 0;
  const startedAt = performance.now();
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const { status, headers: answer, body } = await request(url, { headers, agent });
      if (status !== 200) throw new Error(`${url} answered ${status}: ${body.toString('utf8').slice(0, 200)}`);
      if (answer['content-type'] !== 'image/webp') throw new Error(`${url} answered ${answer['content-type']}, expected image/webp`);
      outputBytes += body.length;
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return { count: urls.length, elapsedMs: performance.now() - startedAt, outputBytes };
};

const main = async (): Promise<number> => {
  const loadAverageAtStart = os.loadavg();
  console.log(`files image benchmark — ${machineLine()}; sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, sharp.concurrency() ${sharp.concurrency()}`);
  console.log(
    `${settings.images} distinct ${settings.sourceWidth}×${settings.sourceHeight} photo-like JPEGs → WebP ${settings.width} px q${settings.quality}; ` +
      `concurrency ${settings.concurrencies.join(', ')}; ${settings.rounds} measured rounds (+1 warm-up) per target and concurrency, alternating\n`,
  );
  const servers: TServer[] = [];
  const sourceDir = await makeTempDir('bench-files-images-');
  // Ctrl-C: the servers (same process group) clean up after themselves; this removes the test data.
  process.once('SIGINT', () => {
    rmSync(sourceDir, { recursive: true, force: true });
    process.exit(130);
  });
  const rounds: TRound[] = [];
  let failure: unknown = null;
  try {
    process.stdout.write('generating images… ');
    const inputs: string[] = [];
    const contents: Buffer[] = [];
    for (let index = 0; index < settings.images; index++) {
      const content = await photoJpeg(settings.sourceWidth, settings.sourceHeight, index + 1);
      const file = path.join(sourceDir, `foto-${String(index + 1).padStart(2, '0')}.jpg`);
      await fs.writeFile(file, content);
      inputs.push(file);
      contents.push(content);
    }
    console.log(`${fmt(contents.reduce((sum, content) => sum + content.length, 0) / MiB / contents.length, 1)} MiB each`);

    process.stdout.write('starting servers… ');
    const [app, baseline] = await Promise.all([startServer('app'), startServer('sharp')]);
    servers.push(app, baseline);
    console.log(`app pid ${app.pid}, sharp pid ${baseline.pid}`);

    process.stdout.write('uploading through POST /api/docs/upload… ');
    const paths: string[] = [];
    for (let index = 0; index < contents.length; index += 4) {
      const batch = contents.slice(index, index + 4).map((content, offset) => ({ name: path.basename(inputs[index + offset]!), content, contentType: 'image/jpeg' }));
      paths.push(...(await uploadFiles(app.url!, app.sid!, batch)));
    }
    console.log(`${paths.length} files`);

    const urls = paths.map((value) => `${app.url}/_next/image?url=${encodeURIComponent(value)}&w=${settings.width}&q=${settings.quality}`);
    const headers = { cookie: `sid=${app.sid}`, accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' };

    // Probe: the app answers a WebP of the asked width, like sharp alone.
    const probe = await request(urls[0]!, { headers });
    if (probe.status !== 200) throw new Error(`probe answered ${probe.status}: ${probe.body.toString('utf8').slice(0, 300)}`);
    const probeMeta = await sharp(probe.body).metadata();
    if (probeMeta.format !== 'webp' || probeMeta.width !== settings.width) {
      throw new Error(`probe answered ${probeMeta.format} ${probeMeta.width}px, expected webp ${settings.width}px`);
    }
    await app.call<number>({ type: 'clear-image-cache' });

    for (const concurrency of settings.concurrencies) {
      for (let round = 0; round <= settings.rounds; round++) {
        const order: TRound['target'][] = round % 2 === 0 ? ['sharp', 'app'] : ['app', 'sharp'];
        const line: string[] = [];
        for (const target of order) {
          const server = target === 'app' ? app : baseline;
          const cpuBefore = await procCpuMs(server.pid);
          const result =
            target === 'app'
              ? await requestAll(urls, headers, concurrency)
              : await server.call<TResizeResult>({ type: 'resize', inputs, width: settings.width, quality: settings.quality, concurrency });
          if (target === 'app') {
            // The app answers from memory and writes its cache file just after: counted in its CPU too.
            const renditions = await app.call<number>({ type: 'clear-image-cache', expect: urls.length });
            if (renditions !== urls.length) throw new Error(`app round made ${renditions} renditions for ${urls.length} requests: not every request missed the cache`);
          }
          const cpuMs = (await procCpuMs(server.pid)) - cpuBefore;
          const perSecond = result.count / (result.elapsedMs / 1000);
          line.push(`${target} ${fmt(perSecond, 1)}/s`);
          if (round > 0) rounds.push({ target, concurrency, round, count: result.count, elapsedMs: result.elapsedMs, perSecond, cpuMsPerResize: cpuMs / result.count });
        }
        console.log(`  concurrency ${concurrency} ${round === 0 ? 'warm-up' : `round ${round}`}: ${line.join(', ')}${round === 0 ? ' (discarded)' : ''}`);
      }
    }

    if (settings.profileDir) {
      await fs.mkdir(settings.profileDir, { recursive: true });
      const concurrency = settings.concurrencies[0]!;
      for (const server of [baseline, app]) {
        await server.call({ type: 'profile-start' });
        const result =
          server === app
            ? await requestAll(urls, headers, concurrency)
            : await server.call<TResizeResult>({ type: 'resize', inputs, width: settings.width, quality: settings.quality, concurrency });
        const file = await server.call<string>({ type: 'profile-stop', file: path.resolve(settings.profileDir, `files-image-${server.mode}.cpuprofile`) });
        if (server === app) await app.call<number>({ type: 'clear-image-cache' });
        console.log(`  profiled ${server.mode} (${fmt(result.count / (result.elapsedMs / 1000), 1)}/s, not counted): ${file}`);
      }
    }
  } catch (error) {
    failure = error;
  } finally {
    await Promise.all(servers.map((server) => server.close()));
    await fs.rm(sourceDir, { recursive: true, force: true });
  }

  const summaries = settings.concurrencies.map((concurrency) => {
    const of = (target: TRound['target']) => rounds.filter((round) => round.concurrency === concurrency && round.target === target);
    const figures = (target: TRound['target']) => {
      const list = of(target);
      return list.length
        ? {
            medianPerSecond: median(list.map((round) => round.perSecond)),
            min: Math.min(...list.map((round) => round.perSecond)),
            max: Math.max(...list.map((round) => round.perSecond)),
            cpuMsPerResize: median(list.map((round) => round.cpuMsPerResize)),
          }
        : null;
    };
    const sharpFigures = figures('sharp');
    const appFigures = figures('app');
    const pairRatios = of('app')
      .map((appRound) => {
        const plain = of('sharp').find((round) => round.round === appRound.round);
        return plain ? appRound.perSecond / plain.perSecond : null;
      })
      .filter((value): value is number => value !== null);
    const ratio = sharpFigures && appFigures ? appFigures.medianPerSecond / sharpFigures.medianPerSecond : null;
    // CPU per resize (all threads of each process), sharp ÷ app: the same comparison by cost, steadier on a busy machine.
    const cpuRatio = sharpFigures && appFigures ? sharpFigures.cpuMsPerResize / appFigures.cpuMsPerResize : null;
    return { concurrency, sharp: sharpFigures, app: appFigures, ratio, pairRatios, medianPairRatio: pairRatios.length ? median(pairRatios) : null, cpuRatio };
  });
  const missed = summaries.some((summary) => summary.ratio !== null && summary.ratio < MIN_RATIO);

  console.log('');
  printRows([
    ['concurrency', 'sharp alone /s (median)', 'min–max', 'CPU ms/resize', 'app /s (median)', 'min–max', 'CPU ms/resize', 'app ÷ sharp', 'per-round ratio (median)', 'CPU ratio'],
    ...summaries.map((summary) => [
      String(summary.concurrency),
      summary.sharp ? fmt(summary.sharp.medianPerSecond, 1) : '-',
      summary.sharp ? `${fmt(summary.sharp.min, 1)}–${fmt(summary.sharp.max, 1)}` : '-',
      summary.sharp ? fmt(summary.sharp.cpuMsPerResize, 1) : '-',
      summary.app ? fmt(summary.app.medianPerSecond, 1) : '-',
      summary.app ? `${fmt(summary.app.min, 1)}–${fmt(summary.app.max, 1)}` : '-',
      summary.app ? fmt(summary.app.cpuMsPerResize, 1) : '-',
      summary.ratio === null ? '-' : `${summary.ratio.toFixed(3)} ${summary.ratio < MIN_RATIO ? 'MISSED' : 'ok'}`,
      summary.medianPairRatio === null ? '-' : summary.medianPairRatio.toFixed(3),
      summary.cpuRatio === null ? '-' : summary.cpuRatio.toFixed(3),
    ]),
  ]);
  console.log(`\ntarget: app ÷ sharp >= ${MIN_RATIO} at every concurrency: ${missed ? 'MISSED' : failure ? 'n/a' : 'ok'}`);

  const reportFile = await writeReport('files-image-latest.json', {
    sharp: sharp.versions,
    sharpConcurrency: sharp.concurrency(),
    loadAverageAtStart,
    loadAverageAtEnd: os.loadavg(),
    settings,
    rounds,
    summaries,
    minRatio: MIN_RATIO,
    ok: failure === null && !missed,
    error: failureMessage(failure),
  });
  console.log(`load avg at end ${os.loadavg().map((value) => value.toFixed(2)).join(' / ')}; results written to ${reportFile}`);

  if (failure !== null) return reportFailure(failure);
  return missed ? 2 : 0;
};

void runBenchmark(main);
