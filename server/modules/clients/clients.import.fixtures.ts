import zlib from 'node:zlib';

/**
 * Test-only: an .xlsx whose sheet inflates to `inflatedMb` MB of rows but weighs a few hundred KB (issue 26). The
 * sheet's deflate stream is one 1 MB block of rows deflated once and repeated (each ends on a byte boundary, sync
 * flush), so building it costs no 300 MB deflate. `declaredBytes` makes the zip's headers state another inflated size
 * for the sheet (a zip that lies about it).
 */
type TZipFile = { name: string; deflated: Buffer; crc: number; size: number };

const ROWS_XML = '<row><c><v>1</v></c><c t="inlineStr"><is><t>Rossi</t></is></c></row>';
const CHUNK_BYTES = 1024 * 1024;

const deflatedPart = (text: string) => zlib.deflateRawSync(Buffer.from(text), { finishFlush: zlib.constants.Z_SYNC_FLUSH });

const fileOf = (name: string, text: string): TZipFile => {
  const data = Buffer.from(text);
  return { name, deflated: zlib.deflateRawSync(data), crc: zlib.crc32(data), size: data.length };
};

const sheetOf = (inflatedMb: number): TZipFile => {
  const head = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row><c t="inlineStr"><is><t>Nome</t></is></c><c t="inlineStr"><is><t>Cognome</t></is></c></row>';
  const tail = '</sheetData></worksheet>';
  const chunk = Buffer.from(ROWS_XML.repeat(Math.floor(CHUNK_BYTES / ROWS_XML.length)));
  const deflatedChunk = deflatedPart(chunk.toString());
  let crc = zlib.crc32(head);
  for (let index = 0; index < inflatedMb; index += 1) crc = zlib.crc32(chunk, crc);
  crc = zlib.crc32(tail, crc);
  const deflated = Buffer.concat([deflatedPart(head), ...Array<Buffer>(inflatedMb).fill(deflatedChunk), deflatedPart(tail), Buffer.from([0x03, 0x00])]);
  return { name: 'xl/worksheets/sheet1.xml', deflated, crc, size: head.length + chunk.length * inflatedMb + tail.length };
};

/** A zip header: `length` bytes, each field a little-endian 16- or 32-bit number at its offset. */
const header = (length: number, fields: readonly [at: number, bits: 16 | 32, value: number][]) => {
  const bytes = Buffer.alloc(length);
  for (const [at, bits, value] of fields) {
    if (bits === 16) bytes.writeUInt16LE(value, at);
    else bytes.writeUInt32LE(value, at);
  }
  return bytes;
};

const zipOf = (files: readonly TZipFile[], declared: ReadonlyMap<string, number>) => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const size = declared.get(file.name) ?? file.size;
    const [crc, compressed] = [file.crc >>> 0, file.deflated.length];
    const local = header(30, [[0, 32, 0x04034b50], [4, 16, 20], [8, 16, 8], [14, 32, crc], [18, 32, compressed], [22, 32, size], [26, 16, name.length]]);
    const central = header(46, [[0, 32, 0x02014b50], [4, 16, 20], [6, 16, 20], [10, 16, 8], [16, 32, crc], [20, 32, compressed], [24, 32, size], [28, 16, name.length], [42, 32, offset]]);
    locals.push(local, name, file.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + file.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = header(22, [[0, 32, 0x06054b50], [8, 16, files.length], [10, 16, files.length], [12, 32, directory.length], [16, 32, offset]]);
  return Buffer.concat([...locals, directory, end]);
};

export const inflatingXlsx = (inflatedMb: number, declaredBytes?: number) => {
  const sheet = sheetOf(inflatedMb);
  const files = [
    fileOf('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'),
    fileOf('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
    fileOf('xl/workbook.xml', '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Foglio1" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    fileOf('xl/_rels/workbook.xml.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'),
    sheet,
  ];
  return zipOf(files, new Map(declaredBytes === undefined ? [] : [[sheet.name, declaredBytes]]));
};

/** Answer times of `probe`, called one after another until `work` settles (at least once): the event loop's freedom. */
export const latenciesDuring = async (work: Promise<unknown>, probe: () => Promise<unknown>) => {
  let settled = false;
  void work.finally(() => (settled = true)).catch(() => undefined);
  const latencies: number[] = [];
  do {
    const started = performance.now();
    await probe();
    latencies.push(performance.now() - started);
    // A pause between probes, so the probes themselves leave the event loop to the work.
    await new Promise((resolve) => setTimeout(resolve, 10));
  } while (!settled);
  return latencies;
};
