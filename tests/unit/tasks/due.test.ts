import { describe, expect, it } from "vitest";
import { parseDue } from "@/lib/tasks/due";
import { localDateString, startOfLocalDay, zonedToInstant } from "@/lib/tasks/time-zone";

describe("parseDue", () => {
  it("reads a bare day as the end of that day in the user's zone", () => {
    expect(parseDue("2026-11-27", "UTC")?.toISOString()).toBe("2026-11-27T23:59:59.999Z");
    expect(parseDue("2026-11-27", "Europe/Berlin")?.toISOString()).toBe("2026-11-27T22:59:59.999Z");
    expect(parseDue("2026-07-01", "America/New_York")?.toISOString()).toBe("2026-07-02T03:59:59.999Z");
  });

  it("reads a local date-time in the user's zone", () => {
    expect(parseDue("2026-11-27T09:30", "Europe/Berlin")?.toISOString()).toBe("2026-11-27T08:30:00.000Z");
  });

  it("keeps an explicit offset", () => {
    expect(parseDue("2026-11-27T09:30:00+02:00", "UTC")?.toISOString()).toBe("2026-11-27T07:30:00.000Z");
    expect(parseDue("2026-11-27T09:30:00.000Z", "Asia/Tokyo")?.toISOString()).toBe("2026-11-27T09:30:00.000Z");
  });

  it("rejects what is not a real date", () => {
    for (const bad of ["tomorrow", "2026-02-30", "2026-13-01", "27/11/2026", "2026-11-27T25:00", ""]) {
      expect(parseDue(bad, "UTC"), bad).toBeNull();
    }
  });
});

describe("time zones", () => {
  it("finds local midnight across a DST change", () => {
    // 2026-03-29 is the spring-forward day in Berlin.
    const noon = new Date("2026-03-29T10:00:00Z");
    expect(startOfLocalDay(noon, "Europe/Berlin").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfLocalDay(noon, "Europe/Berlin", 1).toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });

  it("gives the local date of an instant", () => {
    const instant = new Date("2026-11-22T23:30:00Z");
    expect(localDateString(instant, "UTC")).toBe("2026-11-22");
    expect(localDateString(instant, "Asia/Tokyo")).toBe("2026-11-23");
    expect(localDateString(instant, "America/Los_Angeles")).toBe("2026-11-22");
  });

  it("round-trips a local time", () => {
    expect(zonedToInstant(2026, 1, 15, 8, 0, 0, 0, "America/New_York").toISOString()).toBe("2026-01-15T13:00:00.000Z");
  });
});

describe("due years (security case 45)", () => {
  it("accepts the years 1970–2999 only, in every form", () => {
    for (const value of [
      "0100-01-01",
      "0100-01-01T08:00",
      "0100-01-01T08:00:00Z",
      "1969-12-31",
      "3000-01-01",
      "9999-12-31T23:59:00+01:00",
    ]) {
      expect(parseDue(value, "Europe/Berlin"), value).toBeNull();
    }
    for (const value of ["1970-01-01", "2999-12-31T08:00", "2026-11-27T08:00:00Z"])
      expect(parseDue(value, "Europe/Berlin"), value).not.toBeNull();
  });
});
