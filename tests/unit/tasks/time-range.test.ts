/** The bounds of time ranges (dueFrom/dueTo, completedFrom/completedTo) as instants. */
import { describe, expect, it } from "vitest";
import { parseRangeBound, resolveTimeRanges, TimeRangeError } from "@/lib/tasks/time-range";

const iso = (d: Date | null) => d?.toISOString() ?? null;

describe("parseRangeBound", () => {
  it("a day is the user's local day: from its first instant, to the first instant after it", () => {
    expect(iso(parseRangeBound("2027-01-10", "from", "Pacific/Kiritimati"))).toBe("2027-01-09T10:00:00.000Z");
    expect(iso(parseRangeBound("2027-01-10", "to", "Pacific/Kiritimati"))).toBe("2027-01-10T10:00:00.000Z");
    expect(iso(parseRangeBound("2027-01-10", "from", "Pacific/Pago_Pago"))).toBe("2027-01-10T11:00:00.000Z");
    // The last day of a month and a 23-hour day (New York springs forward on 8 March 2026).
    expect(iso(parseRangeBound("2027-01-31", "to", "UTC"))).toBe("2027-02-01T00:00:00.000Z");
    expect(iso(parseRangeBound("2026-03-08", "from", "America/New_York"))).toBe("2026-03-08T05:00:00.000Z");
    expect(iso(parseRangeBound("2026-03-08", "to", "America/New_York"))).toBe("2026-03-09T04:00:00.000Z");
  });

  it("a date-time with an offset is that instant; without one, local time; `to` includes the instant", () => {
    expect(iso(parseRangeBound("2027-01-10T09:30:00Z", "from", "Pacific/Kiritimati"))).toBe("2027-01-10T09:30:00.000Z");
    expect(iso(parseRangeBound("2027-01-10T09:30:00Z", "to", "Pacific/Kiritimati"))).toBe("2027-01-10T09:30:00.001Z");
    expect(iso(parseRangeBound("2027-01-10T09:30", "from", "Pacific/Kiritimati"))).toBe("2027-01-09T19:30:00.000Z");
    expect(iso(parseRangeBound("2027-01-10T09:30+02:00", "from", "UTC"))).toBe("2027-01-10T07:30:00.000Z");
  });

  it("anything else is not a bound", () => {
    for (const bad of ["tomorrow", "2027-02-29", "2027-13-01", "10/01/2027", "2027-01-10T25:00", "2027-01-10T10:00:00+99", ""]) {
      expect(parseRangeBound(bad, "from", "UTC"), bad).toBeNull();
    }
  });
});

describe("resolveTimeRanges", () => {
  it("resolves only the ranges given", () => {
    expect(resolveTimeRanges({}, "UTC")).toEqual({});
    expect(resolveTimeRanges({ completedTo: "2027-01-10" }, "UTC")).toEqual({ completed: { lt: new Date("2027-01-11T00:00:00.000Z") } });
  });

  it("names the bad field, and refuses a range that ends before it starts", () => {
    expect(() => resolveTimeRanges({ dueTo: "soon" }, "UTC")).toThrow(
      new TimeRangeError("dueTo: 'soon' is not an ISO date (2026-11-30) or date-time (2026-11-30T09:00, 2026-11-30T09:00:00Z)."),
    );
    expect(() => resolveTimeRanges({ completedFrom: "2027-01-11", completedTo: "2027-01-10" }, "UTC")).toThrow(
      "completedFrom must be before completedTo.",
    );
    // The same day as both ends is one whole day, not an empty range.
    expect(resolveTimeRanges({ dueFrom: "2027-01-10", dueTo: "2027-01-10" }, "UTC").due).toEqual({
      gte: new Date("2027-01-10T00:00:00Z"),
      lt: new Date("2027-01-11T00:00:00Z"),
    });
  });
});
