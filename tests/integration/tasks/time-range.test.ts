/**
 * Time ranges (dueFrom/dueTo, completedFrom/completedTo) on the real database, through
 * GET /api/tasks, the agent's list_tasks (a turn of /api/agent) and MCP — for a user in
 * Pacific/Kiritimati (UTC+14, where a local day starts at 10:00 UTC of the day before) and a
 * second user whose tasks never show up in the first one's answers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { POST as agentPOST } from "@/app/api/agent/route";
import { POST as mcpRoute } from "@/app/api/mcp/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/tasks/route";
import { setModelOverrideForTests } from "@/lib/agent/models";
import { db } from "@/lib/db";
import type { TaskView } from "@/lib/tasks/schema";
import { apiRequest, createTestUser, type TestUser } from "../helpers";
import { serveHandler } from "../http-server";
import { scriptedModel } from "../../fakes/scripted-model";
import { setAgentEnv } from "../agent/env";

const none = { params: Promise.resolve({}) };
const KIRITIMATI = "Pacific/Kiritimati";
const PAGO_PAGO = "Pacific/Pago_Pago";

async function userIn(name: string, timezone: string): Promise<TestUser> {
  const user = await createTestUser(name);
  await db.user.update({ where: { id: user.user.id }, data: { timezone } });
  return { ...user, user: { ...user.user, timezone } };
}

async function create(user: TestUser, title: string, dueAt: string, completedAt?: string): Promise<TaskView> {
  const res = await createRoute(apiRequest("/api/tasks", { body: { title, dueAt }, headers: user.auth }), none);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  const task = ((await res.json()) as { task: TaskView }).task;
  if (completedAt) await db.task.update({ where: { id: task.id }, data: { status: "completed", completedAt: new Date(completedAt) } });
  return task;
}

async function list(
  user: TestUser,
  query: string,
): Promise<{ status: number; titles: string[]; body: { code?: string; message?: string } }> {
  const res = await listRoute(
    apiRequest(`/api/tasks?${query.includes("status=") ? "" : "status=all&"}${query}`, { headers: user.auth }),
    none,
  );
  const body = (await res.json()) as { tasks?: TaskView[]; code?: string; message?: string };
  return { status: res.status, titles: (body.tasks ?? []).map((t) => t.title).sort(), body };
}

let ada: TestUser;
let babbage: TestUser;

beforeAll(async () => {
  setAgentEnv({});
  ada = await userIn("ada-range", KIRITIMATI);
  babbage = await userIn("babbage-range", PAGO_PAGO);
  // Ada's local times (UTC+14): 10 January starts at 2027-01-09T10:00Z and ends at 2027-01-10T10:00Z.
  await create(ada, "Late on the ninth", "2027-01-09T23:59"); // 2027-01-09T09:59Z
  await create(ada, "Early on the tenth", "2027-01-10T00:30"); // 2027-01-09T10:30Z
  await create(ada, "Late on the tenth", "2027-01-10T23:30"); // 2027-01-10T09:30Z
  await create(ada, "Early on the eleventh", "2027-01-11T00:10"); // 2027-01-10T10:10Z — still the 10th in UTC
  await create(ada, "Filed the report", "2027-01-05", "2027-01-09T11:00:00Z"); // completed on the 10th, local
  await create(ada, "Paid the rent", "2027-01-05", "2027-01-10T11:00:00Z"); // completed on the 11th, local
  // Babbage (UTC-11) has tasks on the same dates: never in Ada's answers.
  await create(babbage, "Babbage on the tenth", "2027-01-10T12:00");
  await create(babbage, "Babbage finished", "2027-01-05", "2027-01-09T12:00:00Z");
});
afterEach(() => setModelOverrideForTests(null));
afterAll(() => setAgentEnv({}));

describe("GET /api/tasks time ranges", () => {
  it("a plain date is the user's local day, from its start to its end inclusive", async () => {
    expect((await list(ada, "dueFrom=2027-01-10&dueTo=2027-01-10")).titles).toEqual(["Early on the tenth", "Late on the tenth"]);
    expect((await list(ada, "dueFrom=2027-01-11")).titles).toEqual(["Early on the eleventh"]);
    expect((await list(ada, "dueTo=2027-01-09")).titles).toEqual(["Filed the report", "Late on the ninth", "Paid the rent"]);
    // Another zone given with tz= is used instead of the saved one (the 10th in UTC).
    expect((await list(ada, "dueFrom=2027-01-10&dueTo=2027-01-10&tz=UTC")).titles).toEqual(["Early on the eleventh", "Late on the tenth"]);
  });

  it("date-times: with an offset as given, without one in the user's zone; both ends inclusive", async () => {
    expect((await list(ada, "dueFrom=2027-01-10T09:30:00Z&dueTo=2027-01-10T09:30:00Z")).titles).toEqual(["Late on the tenth"]);
    expect((await list(ada, "dueFrom=2027-01-10T00:30&dueTo=2027-01-10T23:30")).titles).toEqual([
      "Early on the tenth",
      "Late on the tenth",
    ]);
    expect((await list(ada, `dueFrom=${encodeURIComponent("2027-01-10T00:31+14:00")}`)).titles).toEqual([
      "Early on the eleventh",
      "Late on the tenth",
    ]);
  });

  it("completedFrom/completedTo select by completion time, and combine with the other filters", async () => {
    expect((await list(ada, "completedFrom=2027-01-10&completedTo=2027-01-10")).titles).toEqual(["Filed the report"]);
    expect((await list(ada, "completedFrom=2027-01-10")).titles).toEqual(["Filed the report", "Paid the rent"]);
    expect((await list(ada, "completedTo=2027-01-11&status=pending")).titles).toEqual([]);
    expect((await list(ada, "dueFrom=2027-01-10&q=late")).titles).toEqual(["Late on the tenth"]);
  });

  it("the other user sees only their own tasks in the same range", async () => {
    expect((await list(babbage, "dueFrom=2027-01-10&dueTo=2027-01-10")).titles).toEqual(["Babbage on the tenth"]);
    expect((await list(babbage, "completedFrom=2027-01-09&completedTo=2027-01-09")).titles).toEqual(["Babbage finished"]);
  });

  it("a bound that is not a date, an impossible date or a reversed range → 400 naming the field", async () => {
    for (const [query, field] of [
      ["dueFrom=tomorrow", "dueFrom"],
      ["dueTo=2027-02-30", "dueTo"],
      ["completedFrom=2027-13-01", "completedFrom"],
      ["dueFrom=2027-01-11&dueTo=2027-01-10", "dueFrom"],
      ["completedTo=10%2F01%2F2027", "completedTo"],
    ] as const) {
      const res = await list(ada, query);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toMatch(/^bad_request:/);
      expect(res.body.message, query).toContain(field);
    }
  });
});

describe("the list_tasks tool's time ranges", () => {
  it("in an agent turn: the model's dates are the user's local days", async () => {
    setModelOverrideForTests(
      scriptedModel([
        {
          calls: [
            { name: "list_tasks", input: { dueFrom: "2027-01-10", dueTo: "2027-01-10" } },
            { name: "list_tasks", input: { completedFrom: "2027-01-11", completedTo: "2027-01-11" } },
            { name: "list_tasks", input: { dueFrom: "next week" } },
          ],
        },
        { text: "Here they are." },
      ]),
    );
    const res = await agentPOST(apiRequest("/api/agent", { headers: ada.auth, body: { message: "what's due on the tenth?" } }), undefined);
    const body = (await res.json()) as {
      toolCalls: { output: { ok: boolean; tasks?: TaskView[]; code?: string; message?: string }; success: boolean }[];
    };
    const [due, completed, bad] = body.toolCalls;
    expect(due!.output.tasks!.map((t) => t.title).sort()).toEqual(["Early on the tenth", "Late on the tenth"]);
    expect(completed!.output.tasks!.map((t) => t.title)).toEqual(["Paid the rent"]);
    expect(bad).toMatchObject({ success: false, output: { ok: false, code: "invalid_input" } });
    expect(bad!.output.message).toContain("dueFrom");
  });

  it("over MCP, with the token's user and zone", async () => {
    const served = await serveHandler((request) => mcpRoute(request));
    const connect = async (user: TestUser) => {
      const client = new Client({ name: "range-test", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${served.url}/api/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${user.token}` } },
        }),
      );
      return client;
    };
    const adaClient = await connect(ada);
    const babbageClient = await connect(babbage);
    try {
      type Listed = { structuredContent: { ok: boolean; tasks?: TaskView[]; code?: string; message?: string } };
      const listed = (await adaClient.callTool({
        name: "list_tasks",
        arguments: { dueFrom: "2027-01-10", dueTo: "2027-01-10" },
      })) as unknown as Listed;
      expect(listed.structuredContent.tasks!.map((t) => t.title).sort()).toEqual(["Early on the tenth", "Late on the tenth"]);
      const theirs = (await babbageClient.callTool({
        name: "list_tasks",
        arguments: { dueFrom: "2027-01-10", dueTo: "2027-01-10" },
      })) as unknown as Listed;
      expect(theirs.structuredContent.tasks!.map((t) => t.title)).toEqual(["Babbage on the tenth"]);
      const bad = (await adaClient.callTool({
        name: "list_tasks",
        arguments: { completedFrom: "2027-01-12", completedTo: "2027-01-11" },
      })) as unknown as Listed & { isError?: boolean };
      expect(bad.structuredContent).toMatchObject({ ok: false, code: "invalid_input" });
      expect(bad.structuredContent.message).toContain("completedFrom");
    } finally {
      await adaClient.close();
      await babbageClient.close();
      await served.close();
    }
  });
});
