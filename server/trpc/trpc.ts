import { initTRPC, tracked, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import superjson from 'superjson';
import { ZodError } from 'zod';
import type { TRequestContext } from '../platform/context';
import { MSG } from '../../shared/messages';
import { AppError, ERROR_MAP, toFieldErrors } from '../platform/errors';
import type { TServices } from '../platform/services';

export type TTrpcContext = {
  ctx: TRequestContext;
  services: TServices;
  /** Present on HTTP calls only: WebSocket calls cannot set cookies. */
  cookies?: { set: (token: string) => void; clear: () => void };
  isProduction: boolean;
  /** Where a failed audit write is reported (logged; the call itself still answers). */
  onAuditError?: (error: unknown) => void;
};

const t = initTRPC.context<TTrpcContext>().create({
  transformer: superjson,
  errorFormatter: ({ shape, error, ctx }) => {
    const cause = error.cause;
    const fields = cause instanceof AppError ? cause.fields : cause instanceof ZodError ? toFieldErrors(cause) : undefined;
    const appCode = cause instanceof AppError ? cause.code : cause instanceof ZodError ? 'VALIDATION' : undefined;
    const isInternal = error.code === 'INTERNAL_SERVER_ERROR';
    // A frame or input tRPC could not read (a WebSocket frame, or an HTTP input failing JSON.parse or superjson):
    // its message is the JavaScript parser's own text.
    const isParseError =
      error.code === 'PARSE_ERROR' || (error.code === 'BAD_REQUEST' && cause instanceof Error && !(cause instanceof AppError) && !(cause instanceof ZodError));
    return {
      ...shape,
      message: isParseError
        ? MSG.malformedBody
        : isInternal && !(cause instanceof AppError)
          ? ERROR_MAP.INTERNAL.message
          : fields && !(cause instanceof AppError)
            ? [...new Set(Object.values(fields).flat())].join('\n')
            : shape.message,
      data: {
        ...shape.data,
        // Without a context (a WebSocket frame read before it exists) nothing says this is not production.
        stack: ctx && !ctx.isProduction && !isParseError ? shape.data.stack : undefined,
        type: appCode ? ERROR_MAP[appCode].type : isInternal ? 'fatal' : 'default',
        fields,
        details: cause instanceof AppError ? cause.details : undefined,
      },
    };
  },
});

const toTrpcError = (appError: AppError) => new TRPCError({ code: ERROR_MAP[appError.code].trpc, message: appError.userMessage, cause: appError });

/** Turns service AppErrors into TRPCErrors with the mapped code and the Italian user message. */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) throw toTrpcError(result.error.cause);
  return result;
});

/**
 * A subscription's output: each item as `tracked(id, item)`, so a reconnecting client resumes after the last id
 * it saw. Service errors raised while streaming are mapped like those of any call.
 */
export const trackedStream = async function* <T>(source: AsyncIterable<T>, idOf: (item: T) => string) {
  try {
    for await (const item of source) yield tracked(idOf(item), item);
  } catch (error) {
    throw error instanceof AppError ? toTrpcError(error) : error;
  }
};

/**
 * What an admin does as someone else is written to the audit log (method `TRPC`, path = the procedure) before the
 * answer leaves, whichever transport carried the call: HTTP and WebSocket calls both pass here, and the REST hook
 * in app.ts leaves `/trpc` to this middleware so each call is written once. Runs outside input parsing, so a
 * refused input is recorded with its status too.
 */
const auditImpersonated = t.middleware(async ({ ctx, path, next }) => {
  const result = await next();
  const actor = ctx.ctx.actor;
  if (actor?.impersonatorId) {
    const statusCode = result.ok ? 200 : getHTTPStatusCodeFromError(result.error);
    await ctx.services.auth
      .recordImpersonatedRequest(actor, { method: 'TRPC', path, statusCode, ip: ctx.ctx.ip })
      .catch((error: unknown) => ctx.onAuditError?.(error));
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(auditImpersonated).use(mapAppErrors);

/** Narrows `ctx.ctx.actor` to a signed-in user; services still check every record. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: ERROR_MAP.UNAUTHENTICATED.message });
  return next({ ctx: { ...ctx, actor: ctx.ctx.actor } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.actor.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: ERROR_MAP.FORBIDDEN.message });
  return next();
});
