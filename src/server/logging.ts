import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

/** README "Settings": `LOG_FORMAT`. */
export const LOG_FORMATS = ['line', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

interface Destination {
  write: (text: string) => unknown;
}

/**
 * The server's logger. `json`: pino's JSON, one object per line with the request's details, for
 * a log collector. `line` (the default): what a person watching `npm start` reads, one short line
 * per request ("GET /api/v1/clients 200 12 ms") and the message of anything else; warnings and
 * errors carry the request id, and an error its stack.
 */
export function loggerOptions(
  level: string,
  format: LogFormat,
  destination: Destination = process.stdout,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (format === 'json') {
    return {
      logger: { level, stream: destination },
      logController: new LogController({ requestIdLogLabel: 'requestId' }),
    };
  }
  return {
    logger: {
      level,
      stream: {
        write: (record: string) => destination.write(`${formatLine(JSON.parse(record))}\n`),
      },
    },
    logController: new OneLinePerRequest({ requestIdLogLabel: 'requestId' }),
  };
}

/** Fastify's two lines per request ("incoming request", "request completed") made one. */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

interface LogRecord {
  level: number;
  msg?: string;
  requestId?: string;
  err?: { message?: string; stack?: string };
}

const WARN = 40;
const ERROR = 50;

/** One pino record as the `line` format prints it. */
export function formatLine(record: LogRecord): string {
  const message = record.msg ?? record.err?.message ?? '';
  if (record.level < WARN) return message;
  const label = record.level >= ERROR ? 'Erro' : 'Aviso';
  const id = record.requestId ? ` (requisição ${record.requestId})` : '';
  const stack = record.level >= ERROR && record.err?.stack ? `\n${record.err.stack}` : '';
  return `${label}: ${message}${id}${stack}`;
}
