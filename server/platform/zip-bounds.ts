import zlib from 'node:zlib';

/**
 * Bounds of an uploaded zip (an .xlsx or .ods is one) checked before it is parsed, so a small file that inflates to
 * hundreds of MB is refused instead of parsed (issue 26). `zipDirectoryProblem` reads only the central directory
 * (cheap, on the request thread): the sizes it declares. `zipInflatedProblem` inflates every entry with Node's zlib
 * stopping at the bound, for the worker that parses the file: a zip whose directory understates its sizes is caught
 * there, having inflated at most the bound.
 */
export type TZipBounds = {
  /** The most bytes all entries may inflate to together. */
  maxInflatedBytes: number;
  /** The highest inflated/compressed ratio of an entry of more than `ratioFromBytes` inflated bytes. */
  maxRatio: number;
  ratioFromBytes: number;
};

export type TZipProblem = 'unreadable' | 'tooLarge' | 'ratio';

type TZipEntry = { method: number; compressedSize: number; inflatedSize: number; localOffset: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_SENTINEL = 0xffff_ffff;

/** The entries of the central directory, or null when it cannot be read (no end record, truncated, ZIP64). */
const readDirectory = (data: Buffer): TZipEntry[] | null => {
  // The end record is in the last 22 bytes plus at most a 65,535-byte comment.
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at -= 1) {
    if (data.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const entries: TZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) return null;
    const entry = { method: data.readUInt16LE(at + 10), compressedSize: data.readUInt32LE(at + 20), inflatedSize: data.readUInt32LE(at + 24), localOffset: data.readUInt32LE(at + 42) };
    // ZIP64 sizes: no spreadsheet within the platform's bounds needs them.
    if (entry.compressedSize === ZIP64_SENTINEL || entry.inflatedSize === ZIP64_SENTINEL || entry.localOffset === ZIP64_SENTINEL) return null;
    entries.push(entry);
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return entries;
};

const ratioProblem = (entry: { compressedSize: number }, inflated: number, bounds: TZipBounds) =>
  inflated > bounds.ratioFromBytes && inflated / Math.max(entry.compressedSize, 1) > bounds.maxRatio;

/** What the central directory declares beyond the bounds, or null when it declares nothing beyond them. */
export const zipDirectoryProblem = (data: Buffer, bounds: TZipBounds): TZipProblem | null => {
  const entries = readDirectory(data);
  if (!entries) return 'unreadable';
  let total = 0;
  for (const entry of entries) {
    total += entry.inflatedSize;
    if (total > bounds.maxInflatedBytes) return 'tooLarge';
    if (ratioProblem(entry, entry.inflatedSize, bounds)) return 'ratio';
  }
  return null;
};

/** The bounds checked on the bytes each entry really inflates to (whatever its headers say), stopping at the bound. */
export const zipInflatedProblem = (data: Buffer, bounds: TZipBounds): TZipProblem | null => {
  const entries = readDirectory(data);
  if (!entries) return 'unreadable';
  let total = 0;
  for (const entry of entries) {
    const at = entry.localOffset;
    if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL) return 'unreadable';
    const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    const compressed = data.subarray(start, start + entry.compressedSize);
    let inflated = compressed.length;
    if (entry.method === 8) {
      try {
        inflated = zlib.inflateRawSync(compressed, { maxOutputLength: Math.max(1, bounds.maxInflatedBytes - total) }).length;
      } catch (error) {
        return error instanceof RangeError ? 'tooLarge' : 'unreadable';
      }
    }
    total += inflated;
    if (total > bounds.maxInflatedBytes) return 'tooLarge';
    if (ratioProblem(entry, inflated, bounds)) return 'ratio';
  }
  return null;
};
