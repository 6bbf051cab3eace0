import pino from "pino";
import pretty from "pino-pretty";

export type Logger = pino.Logger;

export type LogFormat = "json" | "pretty";

// Only these diagnostic fields of an error are logged: database and driver errors also carry the
// query, its bound parameters and a detail naming the row they touched (guest names, e-mail
// addresses, phone numbers), which must never reach the log.
const KEPT_ERROR_FIELDS = ["code", "constraint", "table", "column", "severity", "routine", "errno", "syscall", "type", "status"] as const;

/** Drizzle puts the failing SQL and its parameters into the message ("Failed query: ...\nparams: ..."): keep the SQL only. */
function safeMessage(message: string): string {
  const params = message.indexOf("\nparams:");
  return params === -1 ? message : message.slice(0, params);
}

/**
 * An error as it may be logged: name, message without bound parameters, the stack frames, a few
 * diagnostic fields and its causes, nothing that could hold personal data.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 4) return error instanceof Error ? { type: error.name } : error;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL's data exceptions (SQLSTATE class 22) quote the offending value in their message.
  const message =
    typeof code === "string" && code.startsWith("22")
      ? "invalid input value (message withheld: it quotes the input)"
      : safeMessage(error.message);
  const frames = (error.stack ?? "").split("\n").filter((line) => line.startsWith("    at "));
  const out: Record<string, unknown> = { type: error.name, message, stack: [`${error.name}: ${message}`, ...frames].join("\n") };
  const fields = error as unknown as Record<string, unknown>;
  for (const key of KEPT_ERROR_FIELDS) {
    if (typeof fields[key] === "string" || typeof fields[key] === "number") out[key] = fields[key];
  }
  if (error.cause !== undefined) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** Readable lines for a person at a terminal; JSON lines for production and whenever output is piped. */
export function chooseLogFormat(options: { format: LogFormat | undefined; env: string; isTty: boolean }): LogFormat {
  if (options.format) return options.format;
  return options.isTty && options.env !== "production" ? "pretty" : "json";
}

/** `destination` defaults to standard output (tests pass their own stream to read the lines). */
export function createLogger(level: string, format: LogFormat = "json", destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "staywise" },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError, error: serializeError },
  };
  if (format === "pretty") {
    // A synchronous stream rather than a worker-thread transport: lines written just before an exit are not lost.
    return pino(
      options,
      pretty({
        colorize: true,
        translateTime: "SYS:HH:MM:ss.l",
        ignore: "service,pid,hostname",
        sync: true,
        ...(destination ? { destination } : {}),
      }),
    );
  }
  return destination ? pino(options, destination) : pino(options);
}
