/**
 * Zip download throughput and memory: GET /api/docs/download with every path of ~200 MiB of stored files (one
 * zip, streamed by the store-only zip writer of server/modules/files/zip-writer.ts) against the same bytes as one static file served by @fastify/static, in the same
 * run. Each server is its own child process (bench/files-server.ts); the client is this process, which reads
 * every byte and throws it away. See bench/README.md ("Files").
 *
 *   npm run bench:files:zip
 *   BENCH_FILES_ZIP_RUNS=3 npm run bench:files:zip
 *
 * Exit code: 0 ok, 1 the benchmark failed (wrong status, broken zip…), 2 a target was missed
 * (zip < 0.7× static, or RSS growth > 64 MiB).
 */
import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  download,
  fmt,
  intFromEnv,
  machineLine,
  makeTempDir,
  median,
  MiB,
  printRows,
  procCpuMs,
  procMemory,
  randomPdf,
  readZipEnd,
  resetPeakRss,
  sampleRss,
  startServer,
  uploadFiles,
  type TMemory,
  type TSampleResult,
  type TServer,
} from './files-shared';
import { failureMessage, reportFailure, runBenchmark, writeReport } from './report';

const MIN_RATIO = 0.7;
const MAX_GROWTH_MIB = 64;

const settings = {
  files: intFromEnv('BENCH_FILES_ZIP_FILES', 20, 2),
  fileMiB: intFromEnv('BENCH_FILES_ZIP_FILE_MB', 10, 1),
  runs: intFromEnv('BENCH_FILES_ZIP_RUNS', 5, 1),
  sampleMs: intFromEnv('BENCH_FILES_SAMPLE_MS', 100, 10),
  /** A directory: one more download of each target (not counted) with a V8 CPU profile of its server written there. */
  profileDir: process.env.BENCH_FILES_PROFILE || null,
};

/** Files per upload request: the default limits are 10 files and 50 MB per request, 20 MB per file. */
const PER_UPLOAD = 4;

type TRun = {
  target: 'static' | 'zip' | 'bare-zip';
  run: number;
  bytes: number;
  elapsedMs: number;
  firstByteMs: number;
  mibPerSecond: number;
  serverCpuMs: number;
  /** Bytes above the RSS measured (after a full gc) just before the request: the larger of VmHWM and the samples. */
  rssGrowth: number;
  heapGrowth: number;
  externalGrowth: number;
  childSamples: number;
  procSamples: number;
};

const measureOnce = async (server: TServer, target: TRun['target'], run: number, url: string, headers: Record<string, string>, expectedBytes: (bytes: number) => string | null) => {
  const before = await server.call<TMemory>({ type: 'gc' });
  const { rss: rssBefore } = await procMemory(server.pid);
  const hwmReset = await resetPeakRss(server.pid);
  await server.call({ type: 'sample-start', intervalMs: settings.sampleMs });
  const procSampler = sampleRss(server.pid, settings.sampleMs);
  const cpuBefore = await procCpuMs(server.pid);
  const result = await download(url, headers);
  const cpuAfter = await procCpuMs(server.pid);
  const procPeak = await procSampler.stop();
  const childPeak = await server.call<TSampleResult>({ type: 'sample-stop' });
  const { hwm } = await procMemory(server.pid);

  if (result.status !== 200) throw new Error(`${target}: answered ${result.status}`);
  const problem = expectedBytes(result.bytes) ?? (target === 'zip' ? checkZip(result.tail, result.bytes) : null);
  if (problem) throw new Error(`${target}: ${problem}`);

  const peakRss = Math.max(procPeak.peak, childPeak.peak.rss, hwmReset ? hwm : 0);
  return {
    target,
    run,
    bytes: result.bytes,
    elapsedMs: result.elapsedMs,
    firstByteMs: result.firstByteMs,
    mibPerSecond: result.bytes / MiB / (result.elapsedMs / 1000),
    serverCpuMs: cpuAfter - cpuBefore,
    rssGrowth: peakRss - rssBefore,
    heapGrowth: childPeak.peak.heapUsed - before.heapUsed,
    externalGrowth: childPeak.peak.external - before.external,
    childSamples: childPeak.samples,
    procSamples: procPeak.samples,
  } satisfies TRun;
};

const checkZip = (tail: Buffer, bytes: number): string | null => {
  const end = readZipEnd(tail);
  if (!end) return 'no end-of-central-directory record at the end of the zip';
  if (end.entries !== settings.files) return `zip has ${end.entries} entries, expected ${settings.files}`;
  if (end.centralDirectoryOffset + end.centralDirectorySize + 22 !== bytes) return 'zip central directory does not end the file';
  return null;
};

const main = async (): Promise<number> => {
  const loadAverageAtStart = os.loadavg();
  console.log(`files zip benchmark — ${machineLine()}`);
  console.log(
    `${settings.files} × ${settings.fileMiB} MiB random-content PDFs (stored, not deflated: application/pdf is an already-compressed type), ` +
      `${settings.runs} measured runs per target (alternating), memory sampled every ${settings.sampleMs} ms\n`,
  );
  const servers: TServer[] = [];
  const staticDir = await makeTempDir('bench-files-static-');
  // Ctrl-C: the servers (same process group) clean up after themselves; this removes the test data.
  process.once('SIGINT', () => {
    rmSync(staticDir, { recursive: true, force: true });
    process.exit(130);
  });
  const runs: TRun[] = [];
  const warmUp: TRun[] = [];
  let failure: unknown = null;
  try {
    // Data: the PDFs, and the same bytes as one file for the static server.
    process.stdout.write('generating files… ');
    const pdfs = Array.from({ length: settings.files }, () => randomPdf(settings.fileMiB * MiB));
    const totalBytes = pdfs.reduce((sum, pdf) => sum + pdf.length, 0);
    await fs.writeFile(path.join(staticDir, 'all.pdf'), Buffer.concat(pdfs));
    // The same files one by one, for the diagnostic bare-zip target.
    const parts: string[] = [];
    await fs.mkdir(path.join(staticDir, 'parts'));
    for (const [index, pdf] of pdfs.entries()) {
      parts.push(path.join(staticDir, 'parts', `scansione-${String(index + 1).padStart(2, '0')}.pdf`));
      await fs.writeFile(parts.at(-1)!, pdf);
    }
    console.log(`${fmt(totalBytes / MiB, 1)} MiB`);

    process.stdout.write('starting servers… ');
    const [app, baseline] = await Promise.all([startServer('app'), startServer('static', { FILES_STATIC_ROOT: staticDir, FILES_STATIC_PARTS: parts.join('\n') })]);
    servers.push(app, baseline);
    console.log(`app pid ${app.pid}, static pid ${baseline.pid}`);

    process.stdout.write('uploading through POST /api/docs/upload… ');
    const uploadStarted = performance.now();
    const paths: string[] = [];
    for (let index = 0; index < pdfs.length; index += PER_UPLOAD) {
      const batch = pdfs.slice(index, index + PER_UPLOAD).map((content, offset) => ({
        name: `scansione-${String(index + offset + 1).padStart(2, '0')}.pdf`,
        content,
        contentType: 'application/pdf',
      }));
      paths.push(...(await uploadFiles(app.url!, app.sid!, batch)));
    }
    pdfs.length = 0;
    console.log(`${paths.length} files in ${fmt((performance.now() - uploadStarted) / 1000, 1)} s`);

    const query = new URLSearchParams();
    paths.forEach((value, index) => query.set(`path_${index}`, value));
    query.set('zipName', 'documenti-bench');
    const zipUrl = `${app.url}/api/docs/download?${query.toString()}`;
    const staticUrl = `${baseline.url}/all.pdf`;
    const zipHeaders = { cookie: `sid=${app.sid}` };
    const zipBytesOk = (bytes: number) => (bytes > totalBytes && bytes < totalBytes + settings.files * 1024 + 1024 ? null : `zip of ${bytes} bytes for ${totalBytes} bytes of files`);
    const staticBytesOk = (bytes: number) => (bytes === totalBytes ? null : `static answered ${bytes} bytes, expected ${totalBytes}`);

    // Warm-up (discarded): loads the code paths and the page cache, and checks both answers.
    process.stdout.write('warm-up (discarded)… ');
    const warmStatic = await measureOnce(baseline, 'static', 0, staticUrl, {}, staticBytesOk);
    const warmZip = await measureOnce(app, 'zip', 0, zipUrl, zipHeaders, zipBytesOk);
    const bareZipUrl = `${baseline.url}/bare-zip`;
    await measureOnce(baseline, 'bare-zip', 0, bareZipUrl, {}, zipBytesOk);
    warmUp.push(warmStatic, warmZip);
    console.log(
      `static ${fmt(warmStatic.mibPerSecond)} MiB/s, zip ${fmt(warmZip.mibPerSecond)} MiB/s; ` +
        `first zip of the process: RSS +${fmt(warmZip.rssGrowth / MiB, 1)} MiB, heap +${fmt(warmZip.heapGrowth / MiB, 1)} MiB`,
    );

    for (let run = 1; run <= settings.runs; run++) {
      const order: [TServer, TRun['target'], string, Record<string, string>, (bytes: number) => string | null][] = [
        [baseline, 'static', staticUrl, {}, staticBytesOk],
        [app, 'zip', zipUrl, zipHeaders, zipBytesOk],
        [baseline, 'bare-zip', bareZipUrl, {}, zipBytesOk],
      ];
      if (run % 2 === 0) order.reverse();
      for (const [server, target, url, headers, check] of order) {
        const result = await measureOnce(server, target, run, url, headers, check);
        runs.push(result);
        console.log(
          `  run ${run} ${target.padEnd(8)} ${fmt(result.mibPerSecond).padStart(5)} MiB/s  ${fmt(result.elapsedMs).padStart(5)} ms  ` +
            `RSS +${fmt(result.rssGrowth / MiB, 1)} MiB  heap +${fmt(result.heapGrowth / MiB, 1)} MiB  server CPU ${fmt(result.serverCpuMs)} ms`,
        );
      }
    }

    if (settings.profileDir) {
      await fs.mkdir(settings.profileDir, { recursive: true });
      for (const [server, target, url, headers] of [
        [baseline, 'static', staticUrl, {}],
        [app, 'zip', zipUrl, zipHeaders],
      ] as const) {
        await server.call({ type: 'profile-start' });
        const result = await download(url, headers);
        const file = await server.call<string>({ type: 'profile-stop', file: path.resolve(settings.profileDir, `files-zip-${target}.cpuprofile`) });
        console.log(`  profiled ${target} (${fmt(result.bytes / MiB / (result.elapsedMs / 1000))} MiB/s, not counted): ${file}`);
      }
    }
  } catch (error) {
    failure = error;
  } finally {
    await Promise.all(servers.map((server) => server.close()));
    await fs.rm(staticDir, { recursive: true, force: true });
  }

  const of = (target: TRun['target']) => runs.filter((run) => run.target === target);
  const summary = (target: TRun['target']) => {
    const list = of(target);
    if (list.length === 0) return null;
    return {
      runs: list.length,
      medianMiBPerSecond: median(list.map((run) => run.mibPerSecond)),
      minMiBPerSecond: Math.min(...list.map((run) => run.mibPerSecond)),
      maxMiBPerSecond: Math.max(...list.map((run) => run.mibPerSecond)),
      medianFirstByteMs: median(list.map((run) => run.firstByteMs)),
      serverCpuMsPerMiB: median(list.map((run) => run.serverCpuMs / (run.bytes / MiB))),
      medianRssGrowthMiB: median(list.map((run) => run.rssGrowth / MiB)),
      maxRssGrowthMiB: Math.max(...list.map((run) => run.rssGrowth / MiB)),
      medianHeapGrowthMiB: median(list.map((run) => run.heapGrowth / MiB)),
      maxHeapGrowthMiB: Math.max(...list.map((run) => run.heapGrowth / MiB)),
      maxExternalGrowthMiB: Math.max(...list.map((run) => run.externalGrowth / MiB)),
    };
  };
  const staticSummary = summary('static');
  const zipSummary = summary('zip');
  const bareZipSummary = summary('bare-zip');
  const ratio = staticSummary && zipSummary ? zipSummary.medianMiBPerSecond / staticSummary.medianMiBPerSecond : null;
  const pairRatios = of('zip')
    .map((zip) => {
      const plain = of('static').find((run) => run.run === zip.run);
      return plain ? zip.mibPerSecond / plain.mibPerSecond : null;
    })
    .filter((value): value is number => value !== null);
  /** CPU the server spends per MiB, static ÷ zip: the same comparison by cost, less sensitive to a busy machine. */
  const cpuRatio = staticSummary && zipSummary ? staticSummary.serverCpuMsPerMiB / zipSummary.serverCpuMsPerMiB : null;
  // Memory: the worst zip download, the first one of the process (warm-up) included.
  const firstZip = warmUp.find((run) => run.target === 'zip') ?? null;
  const worstRssGrowthMiB = Math.max(...[...of('zip'), ...(firstZip ? [firstZip] : [])].map((run) => run.rssGrowth / MiB));
  const worstHeapGrowthMiB = Math.max(...[...of('zip'), ...(firstZip ? [firstZip] : [])].map((run) => run.heapGrowth / MiB));
  const ratioMiss = ratio !== null && ratio < MIN_RATIO;
  const memoryMiss = zipSummary !== null && worstRssGrowthMiB > MAX_GROWTH_MIB;

  console.log('');
  if (staticSummary || zipSummary) {
    printRows([
      ['target', 'MiB/s (median)', 'min', 'max', 'first byte ms', 'server CPU ms/MiB', 'RSS growth MiB (median / max)', 'heap growth MiB (median / max)'],
      ...(
        [
          ['static (@fastify/static)', staticSummary],
          ['zip (GET /api/docs/download)', zipSummary],
          ['bare-zip (createZipStream, no app)', bareZipSummary],
        ] as const
      )
        .filter((row) => row[1] !== null)
        .map(([name, s]) => [
          name,
          fmt(s!.medianMiBPerSecond),
          fmt(s!.minMiBPerSecond),
          fmt(s!.maxMiBPerSecond),
          fmt(s!.medianFirstByteMs, 1),
          fmt(s!.serverCpuMsPerMiB, 2),
          `${fmt(s!.medianRssGrowthMiB, 1)} / ${fmt(s!.maxRssGrowthMiB, 1)}`,
          `${fmt(s!.medianHeapGrowthMiB, 1)} / ${fmt(s!.maxHeapGrowthMiB, 1)}`,
        ]),
    ]);
  }
  console.log('');
  console.log(
    `ratio zip ÷ static (medians): ${ratio === null ? 'n/a' : `${ratio.toFixed(3)} (target >= ${MIN_RATIO}: ${ratioMiss ? 'MISSED' : 'ok'})`}` +
      (pairRatios.length ? `; per run: ${pairRatios.map((value) => value.toFixed(2)).join(', ')}` : ''),
  );
  console.log(`CPU ratio static ÷ zip (server CPU ms per MiB): ${cpuRatio === null ? 'n/a' : cpuRatio.toFixed(3)} (informative)`);
  if (bareZipSummary && staticSummary) {
    console.log(
      `diagnostic: bare-zip ÷ static ${(bareZipSummary.medianMiBPerSecond / staticSummary.medianMiBPerSecond).toFixed(3)} ` +
        `(the zip code without the app; CPU ${fmt(bareZipSummary.serverCpuMsPerMiB, 2)} ms/MiB)`,
    );
  }
  console.log(
    `zip memory growth, worst download (first of the process included): ${
      zipSummary
        ? `RSS +${fmt(worstRssGrowthMiB, 1)} MiB, heap +${fmt(worstHeapGrowthMiB, 1)} MiB (target RSS <= ${MAX_GROWTH_MIB} MiB: ${memoryMiss ? 'MISSED' : 'ok'})`
        : 'n/a'
    }`,
  );

  const reportFile = await writeReport('files-zip-latest.json', {
    loadAverageAtStart,
    loadAverageAtEnd: os.loadavg(),
    settings,
    warmUp,
    runs,
    static: staticSummary,
    zip: zipSummary,
    bareZip: bareZipSummary,
    ratio,
    pairRatios,
    cpuRatio,
    worstRssGrowthMiB,
    worstHeapGrowthMiB,
    targets: { minRatio: MIN_RATIO, maxRssGrowthMiB: MAX_GROWTH_MIB },
    ok: failure === null && !ratioMiss && !memoryMiss,
    error: failureMessage(failure),
  });
  console.log(`load avg at end ${os.loadavg().map((value) => value.toFixed(2)).join(' / ')}; results written to ${reportFile}`);

  if (failure !== null) return reportFailure(failure);
  return ratioMiss || memoryMiss ? 2 : 0;
};

void runBenchmark(main);
