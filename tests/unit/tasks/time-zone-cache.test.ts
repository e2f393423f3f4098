/**
 * Zone names come from clients, so the time-zone caches must not grow with them: every
 * letter-case variant of a zone is the same zone (one formatter), unknown names are bounded
 * too, and the system prompt's clock line shows the canonical name.
 */
import { describe, expect, it } from "vitest";
import { clockLine } from "@/lib/agent/system-prompt";
import { timeZoneSchema } from "@/lib/tasks/schema";
import { canonicalTimeZone, localDateString, timeZoneCacheSizes } from "@/lib/tasks/time-zone";

/** The i-th letter-case variant of a name. */
function caseVariant(name: string, i: number): string {
  let bit = 0;
  return [...name].map((ch) => (/[a-z]/i.test(ch) ? ((i >> bit++) & 1 ? ch.toUpperCase() : ch.toLowerCase()) : ch)).join("");
}

describe("time-zone caches", () => {
  it("maps any spelling of a zone to its canonical name", () => {
    expect(canonicalTimeZone("europe/berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone("AMERICA/NEW_YORK")).toBe("America/New_York");
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(timeZoneSchema.parse("europe/berlin")).toBe("Europe/Berlin");
  });

  it("stays bounded however many spellings and bogus names clients send", () => {
    const instant = new Date("2026-06-01T12:00:00Z");
    // 3000 different names, three times what a cache may hold (each new one costs a formatter).
    for (let i = 0; i < 1000; i++) {
      expect(localDateString(instant, caseVariant("Europe/Berlin", i))).toBe("2026-06-01");
      clockLine(instant, caseVariant("America/Los_Angeles", i));
      canonicalTimeZone(`Nowhere/Place${i}`);
    }
    const sizes = timeZoneCacheSizes();
    expect(sizes.names).toBeLessThanOrEqual(1000);
    // One formatter per real zone, not per spelling.
    expect(sizes.formatters).toBeLessThanOrEqual(3);
  });

  it("shows the canonical zone in the clock line, and UTC for an unknown one", () => {
    const now = new Date("2026-11-22T14:05:00Z");
    expect(clockLine(now, "europe/berlin")).toContain("user's time zone: Europe/Berlin; local date 2026-11-22, Sunday, 15:05");
    expect(clockLine(now, "Mars/Olympus")).toContain("user's time zone: UTC;");
  });
});
