import { describe, expect, it } from "vitest";
import { taskCreateSchema, taskListQuerySchema, taskUpdateSchema } from "@/lib/tasks/schema";

describe("task schemas", () => {
  it("trims titles and accepts the optional fields", () => {
    const parsed = taskCreateSchema.parse({ title: "  Buy milk  ", priority: "high", dueAt: "2026-11-27", description: "2 litres" });
    expect(parsed).toEqual({ title: "Buy milk", priority: "high", dueAt: "2026-11-27", description: "2 litres" });
  });

  it("rejects empty and over-long titles, unknown fields and wrong enums", () => {
    expect(taskCreateSchema.safeParse({ title: "   " }).success).toBe(false);
    expect(taskCreateSchema.safeParse({ title: "x".repeat(201) }).success).toBe(false);
    expect(taskCreateSchema.safeParse({ title: "ok", userId: "someone" }).success).toBe(false);
    expect(taskCreateSchema.safeParse({ title: "ok", priority: "urgent" }).success).toBe(false);
    expect(taskCreateSchema.safeParse({ title: "ok", description: "x".repeat(2001) }).success).toBe(false);
  });

  it("needs at least one field in a patch and allows clearing the due date", () => {
    expect(taskUpdateSchema.safeParse({}).success).toBe(false);
    expect(taskUpdateSchema.parse({ dueAt: null })).toEqual({ dueAt: null });
    expect(taskUpdateSchema.safeParse({ status: "done" }).success).toBe(false);
  });

  it("defaults the list to all tasks and bounds the page size", () => {
    expect(taskListQuerySchema.parse({})).toMatchObject({ status: "all" });
    expect(taskListQuerySchema.parse({ limit: "10" }).limit).toBe(10);
    expect(taskListQuerySchema.safeParse({ limit: "1000" }).success).toBe(false);
    expect(taskListQuerySchema.safeParse({ due: "someday" }).success).toBe(false);
    expect(taskListQuerySchema.safeParse({ tz: "Mars/Olympus" }).success).toBe(false);
    expect(taskListQuerySchema.parse({ tz: "Europe/Berlin" }).tz).toBe("Europe/Berlin");
  });
});
