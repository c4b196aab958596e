/**
 * Shared pieces of the files benchmarks (bench/files-zip.bench.ts, bench/files-image.bench.ts): the IPC protocol
 * of bench/files-server.ts, starting that child, reading a process's memory and CPU from /proc, the test data
 * (random-content PDFs, photo-like JPEGs), multipart uploads through the real endpoint, and small statistics.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

// ---------------------------------------------------------------------------------------------------------------
// Protocol of bench/files-server.ts

export type TServerMode = 'app' | 'static' | 'sharp';

export type TMemory = { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };

export type TServerCommand =
  | { type: 'gc'; id: number }
  | { type: 'sample-start'; id: number; intervalMs: number }
  | { type: 'sample-stop'; id: number }
  | { type: 'clear-image-cache'; id: number; expect?: number }
  | { type: 'resize'; id: number; inputs: string[]; width: number; quality: number; concurrency: number }
  | { type: 'profile-start'; id: number }
  | { type: 'profile-stop'; id: number; file: string }
  | { type: 'close'; id: number };

/** What a started server answers first: where it listens, and for the app, a logged-in session cookie. */
export type TReady = { type: 'ready'; url: string | null; sid: string | null; dataDir: string | null; pid: number };

export type TReply =
  | TReady
  | { type: 'ok'; id: number; result: unknown }
  | { type: 'error'; id: number | null; message: string };

/** Peaks of process.memoryUsage() seen by the child's own 100 ms sampler, with how many samples it took. */
export type TSampleResult = { samples: number; peak: TMemory; last: TMemory };

export type TResizeResult = { count: number; elapsedMs: number; outputBytes: number };

export type TServer = {
  mode: TServerMode;
  pid: number;
  url: string | null;
  sid: string | null;
  dataDir: string | null;
  call: <T>(command: Record<string, unknown> & { type: TServerCommand['type'] }) => Promise<T>;
  close: () => Promise<void>;
};

/**
 * Forks bench/files-server.ts (`--import tsx --expose-gc`) in `mode` and waits for it to be ready. Every server of
 * these benchmarks, the app and its baselines, is this same kind of process.
 */
export const startServer = (mode: TServerMode, env: Record<string, string> = {}): Promise<TServer> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = fork(fileURLToPath(new URL('./files-server.ts', import.meta.url)), [mode], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, ...env },
    });
    let nextId = 1;
    const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
    let ready = false;
    child.on('message', (message: TReply) => {
      if (message.type === 'ready') {
        ready = true;
        const server: TServer = {
          mode,
          pid: message.pid,
          url: message.url,
          sid: message.sid,
          dataDir: message.dataDir,
          call: <T>(command: Record<string, unknown>) =>
            new Promise<T>((resolveCall, rejectCall) => {
              const id = nextId++;
              pending.set(id, { resolve: resolveCall as (value: unknown) => void, reject: rejectCall });
              child.send({ ...command, id });
            }),
          close: async () => {
            if (child.exitCode !== null || child.signalCode !== null) return;
            const exited = new Promise<void>((done) => child.once('exit', () => done()));
            await server.call({ type: 'close' }).catch(() => undefined);
            const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            await exited;
            clearTimeout(timer);
          },
        };
        resolve(server);
        return;
      }
      if (message.type === 'error' && message.id === null) {
        if (!ready) reject(new Error(`${mode} server: ${message.message}`));
        else console.error(`${mode} server: ${message.message}`);
        return;
      }
      const waiter = pending.get(message.id!);
      if (!waiter) return;
      pending.delete(message.id!);
      if (message.type === 'ok') waiter.resolve(message.result);
      else waiter.reject(new Error(`${mode} server: ${message.message}`));
    });
    child.on('exit', (code, signal) => {
      const error = new Error(`${mode} server exited (code ${code}, signal ${signal})`);
      if (!ready) reject(error);
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    });
  });

// ---------------------------------------------------------------------------------------------------------------
// /proc (Linux): memory and CPU of another process

const CLOCK_TICKS_PER_SECOND = 100;

/** VmRSS and VmHWM (peak RSS) of a process, in bytes. */
export const procMemory = async (pid: number): Promise<{ rss: number; hwm: number }> => {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
};

/** Resets a process's VmHWM to its current RSS (Linux >= 4.0; `echo 5 > /proc/<pid>/clear_refs`). */
export const resetPeakRss = async (pid: number): Promise<boolean> => {
  try {
    await fs.writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
};

/** User + system CPU milliseconds a process has used so far. */
export const procCpuMs = async (pid: number): Promise<number> => {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
};

/** Samples VmRSS of `pid` every `intervalMs` until stopped; answers the peak and the number of samples. */
export const sampleRss = (pid: number, intervalMs = 100) => {
  let peak = 0;
  let samples = 0;
  let stopped = false;
  const tick = async () => {
    while (!stopped) {
      const { rss } = await procMemory(pid).catch(() => ({ rss: 0 }));
      peak = Math.max(peak, rss);
      samples += 1;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  };
  const running = tick();
  return {
    stop: async () => {
      stopped = true;
      await running;
      return { peak, samples };
    },
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Test data

export const MiB = 1024 * 1024;

/**
 * A valid one-page PDF whose page carries an image XObject of `size` random bytes (declared DCT, as a scanner
 * writes a JPEG-compressed scan): random content, so it does not compress, like a real scan. About `size` bytes.
 */
export const randomPdf = (size: number): Buffer => {
  const header = Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1');
  const objects: Buffer[] = [];
  const streamLength = Math.max(1024, size - 1024);
  objects.push(Buffer.from('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'));
  objects.push(Buffer.from('2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n'));
  objects.push(
    Buffer.from('3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 4 0 R >> >> >>\nendobj\n'),
  );
  objects.push(
    Buffer.concat([
      Buffer.from(`4 0 obj\n<< /Type /XObject /Subtype /Image /Width 2480 /Height 3508 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${streamLength} >>\nstream\n`),
      randomBytes(streamLength),
      Buffer.from('\nendstream\nendobj\n'),
    ]),
  );
  const offsets: number[] = [];
  let position = header.length;
  for (const object of objects) {
    offsets.push(position);
    position += object.length;
  }
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${position}\n%%EOF\n`;
  return Buffer.concat([header, ...objects, Buffer.from(xref + trailer)]);
};

/**
 * A photo-like JPEG (what a phone uploads): smooth colour gradients with blurred gaussian noise over them, so
 * that it encodes and decodes like a photograph rather than like a flat colour. Each call gives different pixels.
 */
export const photoJpeg = async (width: number, height: number, seed: number): Promise<Buffer> => {
  const noise = await sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .blur(1.2)
    .raw()
    .toBuffer();
  // A per-image colour cast and diagonal gradient on top of the noise.
  const [r, g, b] = [(seed * 53) % 256, (seed * 97) % 256, (seed * 151) % 256];
  const pixels = Buffer.allocUnsafe(noise.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const t = (x + y) / (width + height);
      pixels[i] = (noise[i]! * 0.6 + r * (1 - t) * 0.4) | 0;
      pixels[i + 1] = (noise[i + 1]! * 0.6 + g * t * 0.4) | 0;
      pixels[i + 2] = (noise[i + 2]! * 0.6 + b * 0.4) | 0;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
};

export const makeTempDir = (prefix: string) => fs.mkdtemp(path.join(os.tmpdir(), prefix));

// ---------------------------------------------------------------------------------------------------------------
// HTTP

type TUploadFile = { name: string; content: Buffer; contentType: string };

/** POST /api/docs/upload (multipart file0..N with m0..N), as the client does; answers the stored paths. */
export const uploadFiles = async (baseUrl: string, sid: string, files: readonly TUploadFile[]): Promise<string[]> => {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  files.forEach((file, index) => {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="m${index}"\r\n\r\n${JSON.stringify({ name: file.name })}\r\n`));
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file${index}"; filename="${file.name}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
    );
    chunks.push(file.content, Buffer.from('\r\n'));
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  const { status, body } = await request(`${baseUrl}/api/docs/upload`, {
    method: 'POST',
    headers: { cookie: `sid=${sid}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(payload.length) },
    body: payload,
  });
  if (status !== 200) throw new Error(`upload answered ${status}: ${body.toString('utf8').slice(0, 300)}`);
  const parsed = JSON.parse(body.toString('utf8')) as { files: { path: string }[] };
  if (parsed.files.length !== files.length) throw new Error(`upload stored ${parsed.files.length} files of ${files.length}`);
  return parsed.files.map((file) => file.path);
};

/** One request with the whole body read into memory (small answers only). */
export const request = (
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer; agent?: http.Agent } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });

/**
 * GET `url` and read the body to its end, keeping only its byte count and its last 64 KiB (for the zip's end of
 * central directory); answers the time from sending the request to the last byte.
 */
export const download = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; contentType: string; bytes: number; elapsedMs: number; tail: Buffer; firstByteMs: number }>((resolve, reject) => {
    const startedAt = performance.now();
    const req = http.get(url, { headers, agent: false }, (res) => {
      let bytes = 0;
      let firstByteMs = -1;
      let tail: Buffer = Buffer.alloc(0);
      res.on('data', (chunk: Buffer) => {
        if (firstByteMs < 0) firstByteMs = performance.now() - startedAt;
        bytes += chunk.length;
        tail = chunk.length >= 65536 ? chunk.subarray(chunk.length - 65536) : Buffer.concat([tail, chunk]).subarray(-65536);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          bytes,
          elapsedMs: performance.now() - startedAt,
          tail: Buffer.from(tail),
          firstByteMs,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });

/** Entry count and sizes of a zip's end-of-central-directory record (the last 22 bytes: no archive comment). */
export const readZipEnd = (tail: Buffer) => {
  const end = tail.subarray(tail.length - 22);
  if (end.readUInt32LE(0) !== 0x06054b50) return null;
  return { entries: end.readUInt16LE(10), centralDirectorySize: end.readUInt32LE(12), centralDirectoryOffset: end.readUInt32LE(16) };
};

// ---------------------------------------------------------------------------------------------------------------
// Statistics and report

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const printRows = (rows: string[][]) => {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
};

export const intFromEnv = (name: string, fallback: number, min: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min} (got "${raw}")`);
  return value;
};

export const machineLine = () => {
  const [load1, load5, load15] = os.loadavg();
  return `node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load avg ${load1?.toFixed(2)} / ${load5?.toFixed(2)} / ${load15?.toFixed(2)}`;
};
