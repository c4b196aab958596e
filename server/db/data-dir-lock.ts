import fs from 'node:fs';
import { MSG } from '../../shared/messages';

/**
 * Another live process (a server, `npm run demo`) has the embedded database open. PGlite is one PostgreSQL
 * backend with no shared memory between processes: two of them on one directory both answer, hand out the same
 * ids and overwrite each other's pages, so the second one must not start.
 */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(MSG.databaseInUse(dir, pid));
    this.name = 'DatabaseInUseError';
  }
}

export type TDirLock = { release: () => void };

/** Directories this process holds, so opening one twice in one process is refused too (its pid is alive). */
const heldHere = new Set<string>();

/** A takeover marker older than this was left by a process killed in the middle of one (a few syscalls long). */
const TAKEOVER_STALE_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return errorCode(error) === 'EPERM';
  }
};

/** The pid a lock file holds; null when it is empty or unreadable (being written, or just removed). */
const readPid = (file: string): number | null => {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
};

/** Creates `file` holding our pid, atomically (O_EXCL); false when it already exists. */
const createExclusive = (file: string): boolean => {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o644);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeSync(fd, `${process.pid}\n`);
  } finally {
    fs.closeSync(fd);
  }
  return true;
};

/**
 * Removes the lock of a dead process. Done under a second exclusive file, so two processes that both found the
 * same stale lock cannot have the slower one remove the lock the faster one has just created.
 */
const removeStaleLock = (file: string, stalePid: number) => {
  const takeover = `${file}.takeover`;
  if (!createExclusive(takeover)) {
    const age = Date.now() - (fs.statSync(takeover, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > TAKEOVER_STALE_MS) fs.rmSync(takeover, { force: true });
    return;
  }
  try {
    if (readPid(file) === stalePid) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(takeover, { force: true });
  }
};

/**
 * Takes the lock file `file` (in the embedded database's data directory) for this process: it holds our pid and
 * is created with O_EXCL. A lock whose pid is no longer alive (a process that crashed or was killed) is taken
 * over; a live one refuses with DatabaseInUseError naming `dir` and that pid. `release` removes it (on close,
 * and at the latest when the process exits normally).
 */
export const acquireDirLock = async (file: string, dir: string): Promise<TDirLock> => {
  if (heldHere.has(file)) throw new DatabaseInUseError(dir, process.pid);
  let emptyReads = 0;
  for (;;) {
    if (createExclusive(file)) break;
    const holder = readPid(file);
    if (holder === null) {
      // Just created and not written yet (or just removed): look again shortly; an empty file that stays empty
      // was left by a process killed between creating and writing it.
      if (++emptyReads < 20) {
        await sleep(25);
        continue;
      }
      fs.rmSync(file, { force: true });
      emptyReads = 0;
      continue;
    }
    // Our own pid in a lock we do not hold: a previous process that had the same pid (a restarted container).
    if (holder !== process.pid && isAlive(holder)) throw new DatabaseInUseError(dir, holder);
    removeStaleLock(file, holder);
    await sleep(5);
  }
  heldHere.add(file);
  const release = () => {
    if (!heldHere.delete(file)) return;
    process.removeListener('exit', release);
    if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { release };
};
