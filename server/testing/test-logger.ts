import type { FastifyBaseLogger } from 'fastify';

export type TLogEntry = { level: string; message: string; data: unknown };

/** A logger that writes nothing and keeps what it was told, for code built outside an app. */
export const createTestLogger = () => {
  const entries: TLogEntry[] = [];
  const record =
    (level: string) =>
    (data: unknown, message?: string): void => {
      entries.push({ level, message: message ?? String(data), data });
    };
  const logger = {
    level: 'silent',
    fatal: record('fatal'),
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: record('debug'),
    trace: record('trace'),
    silent: () => undefined,
    child: () => logger,
  } as unknown as FastifyBaseLogger;
  return { logger, entries };
};
