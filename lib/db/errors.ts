/** Recognises "the database is unreachable" among driver and Prisma errors. */
const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02",
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "57014", // query_canceled: the statement timeout (an overloaded or locked database)
  "08000",
  "08001",
  "08003",
  "08006",
  "P1001",
  "P1002",
  "P1017",
  "P2024",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const e = current as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
    if (typeof e.code === "string" && unavailableCodes.has(e.code)) return true;
    if (e.name === "PrismaClientInitializationError") return true;
    // pg's "Client has encountered a connection error and is not queryable": a pooled
    // connection the database dropped, reused by a transaction (seen in bench/chaos.ts, scenario 2).
    // Prisma's P2028 "Unable to start a transaction in the given time": no pooled connection
    // came free in time (an overloaded or unreachable database); other P2028s are not outages.
    if (
      typeof e.message === "string" &&
      /connect(ion)? (refused|terminated|timeout)|timeout exceeded when trying to connect|Can't reach database|Connection terminated|DatabaseNotReachable|terminating connection|encountered a connection error and is not queryable|Unable to start a transaction in the given time/i.test(
        e.message,
      )
    ) {
      return true;
    }
    if (e.name === "DriverAdapterError" && typeof e.cause === "object" && e.cause) {
      const kind = (e.cause as { kind?: unknown }).kind;
      if (kind === "DatabaseNotReachable" || kind === "SocketTimeout" || kind === "ConnectionClosed") return true;
    }
    // Prisma's raw-query errors (P2010) carry the driver's error in `meta`.
    current = e.cause ?? e.meta?.driverAdapterError;
  }
  return false;
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
