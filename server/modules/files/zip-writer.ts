import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A streaming zip of stored (uncompressed) entries, written as the files are read: one file open at a time, a
 * CRC-32 from Node's native zlib.crc32, a data descriptor after each entry (sizes and CRC known only at its end),
 * UTF-8 names. Every file type the platform accepts is already compressed (PDF streams, images, video, office
 * files) except WAV, so deflating again costs CPU for little gain: a stored zip streams at disk speed
 * (bench/README.md, Files). No ZIP64: downloads are capped well below 4 GiB and 65,535 entries.
 */
export type TZipEntry = { name: string; open: () => Readable; date?: Date };

const UTF8_AND_DESCRIPTOR = 0x0808; // bit 3: sizes in a data descriptor; bit 11: UTF-8 names
const VERSION = 20;
const MAX_ZIP_BYTES = 0xffff_ffff;

/** MS-DOS time and date of a Date (local time, 2-second resolution), as zip headers carry them. */
const dosDateTime = (date: Date) => ({
  time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
  date: ((Math.max(date.getFullYear(), 1980) - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
});

const localHeader = (name: Buffer, when: { time: number; date: number }) => {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(UTF8_AND_DESCRIPTOR, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(when.time, 10);
  header.writeUInt16LE(when.date, 12);
  // CRC and sizes (offsets 14–25) stay 0: they follow in the data descriptor.
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
};

const dataDescriptor = (crc: number, size: number) => {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc >>> 0, 4);
  descriptor.writeUInt32LE(size, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
};

type TWritten = { name: Buffer; when: { time: number; date: number }; crc: number; size: number; offset: number };

const centralHeader = (entry: TWritten) => {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE((3 << 8) | VERSION, 4); // made by: Unix
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(UTF8_AND_DESCRIPTOR, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(entry.when.time, 12);
  header.writeUInt16LE(entry.when.date, 14);
  header.writeUInt32LE(entry.crc >>> 0, 16);
  header.writeUInt32LE(entry.size, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  // extra, comment, disk, internal attributes: 0
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
};

const endOfCentralDirectory = (count: number, size: number, offset: number) => {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(count, 8);
  record.writeUInt16LE(count, 10);
  record.writeUInt32LE(size, 12);
  record.writeUInt32LE(offset, 16);
  return record;
};

async function* zipChunks(entries: readonly TZipEntry[]): AsyncGenerator<Buffer> {
  const written: TWritten[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const when = dosDateTime(entry.date ?? new Date());
    const header = localHeader(name, when);
    const start = offset;
    yield header;
    offset += header.length;
    let crc = 0;
    let size = 0;
    for await (const chunk of entry.open()) {
      const buffer = chunk as Buffer;
      crc = zlib.crc32(buffer, crc);
      size += buffer.length;
      yield buffer;
    }
    offset += size;
    if (offset > MAX_ZIP_BYTES) throw new Error('zip larger than 4 GiB');
    const descriptor = dataDescriptor(crc, size);
    yield descriptor;
    offset += descriptor.length;
    written.push({ name, when, crc, size, offset: start });
  }
  const central = Buffer.concat(written.map(centralHeader));
  yield central;
  yield endOfCentralDirectory(written.length, central.length, offset);
}

export const createStoredZip = (entries: readonly TZipEntry[]): Readable => Readable.from(zipChunks(entries), { objectMode: false });
