/**
 * "The database is unreachable" (→ 503 with Retry-After) told apart from every other database
 * error (→ 500), for errors from Prisma and from the raw `pg` pool the hot path of a turn uses.
 */
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/lib/db/errors";

const withCode = (code: string, message = "boom") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises an unreachable database from pg and from Prisma", () => {
    expect(isDatabaseUnavailable(withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true); // pg-pool's connect timeout
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("57P01", "terminating connection due to administrator command"))).toBe(true);
    // A pooled client whose connection the restarting database dropped, reused by a transaction.
    expect(isDatabaseUnavailable(new Error("Client has encountered a connection error and is not queryable"))).toBe(true);
    // No pooled connection came free in time for a transaction.
    expect(isDatabaseUnavailable(withCode("P2028", "Transaction API error: Unable to start a transaction in the given time."))).toBe(true);
    expect(isDatabaseUnavailable(withCode("P1001"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("wrapped"), { cause: withCode("ECONNRESET") }))).toBe(true);
  });

  it("does not take other database errors for an outage", () => {
    expect(isDatabaseUnavailable(withCode("23505", 'duplicate key value violates unique constraint "Message_pkey"'))).toBe(false);
    expect(isDatabaseUnavailable(withCode("42601", "syntax error at or near"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("P2002"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("P2028", "Transaction API error: Transaction already closed"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("turn not recorded (message saved: 0, run: 1)"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
