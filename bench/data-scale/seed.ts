/**
 * The data of bench/data-scale.ts, written straight with SQL (seconds, not minutes): for one
 * existing user, TASKS tasks spread over two years of creation times — mixed statuses,
 * priorities, due dates, six lists (and the Inbox), labels, a few subtasks — with one unique
 * task created first ("Renew passport at the embassy": the oldest, which a lookup must still
 * find), and one conversation of MESSAGES messages; plus other users' tasks in the same table,
 * as a real database has them (the query planner chooses differently for a table of one user).
 * Plain `pg`, so it needs no app module.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";

const VERBS = [
  "Buy",
  "Call",
  "Email",
  "Fix",
  "Clean",
  "Book",
  "Pay",
  "Write",
  "Review",
  "Plan",
  "Order",
  "Send",
  "Check",
  "Update",
  "Prepare",
  "Schedule",
  "Read",
  "Return",
  "Cancel",
  "Renew",
];
const THINGS = [
  "milk",
  "the dentist",
  "quarterly report",
  "car service",
  "garden fence",
  "electricity invoice",
  "train tickets",
  "conference slides",
  "groceries",
  "tax return",
  "birthday present for Sam",
  "home insurance",
  "laptop charger",
  "team meeting notes",
  "plumber",
  "library books",
  "gym membership",
  "flight to Lisbon",
  "school forms",
  "bike tyres",
  "kitchen tap",
  "newsletter draft",
  "client proposal",
  "vet appointment",
  "parking permit",
  "photo album",
  "budget spreadsheet",
  "winter coats",
  "printer ink",
  "holiday plans",
];
const LABELS = ["work", "home", "errands", "money", "health"];
export const OLDEST_TITLE = "Renew passport at the embassy";

export type Seeded = {
  tasks: number;
  otherTasks: number;
  messages: number;
  conversationId: string;
  oldestTaskId: string;
  listIds: string[];
};

export async function seed(
  databaseUrl: string,
  userId: string,
  tasks: number,
  messages: number,
  others: { users: number; tasks: number },
): Promise<Seeded> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    const listIds: string[] = [];
    for (const name of ["Work", "Home", "Errands", "Someday", "Garden", "Trips"]) {
      const id = randomUUID();
      await client.query(
        `INSERT INTO "TaskList" (id, "userId", name, "nameKey", "createdAt", "updatedAt") VALUES ($1, $2, $3::text, lower($3::text), now(), now())`,
        [id, userId, name],
      );
      listIds.push(id);
    }
    const oldestTaskId = randomUUID();
    await client.query(
      `INSERT INTO "Task" (id, "userId", title, status, priority, "createdAt", "updatedAt") VALUES ($1, $2, $3, 'pending', 'medium', now() - interval '800 days', now() - interval '800 days')`,
      [oldestTaskId, userId, OLDEST_TITLE],
    );
    // Creation times spread over the last ~2 years, newest last; a third completed; three quarters with a due date.
    await client.query(
      `INSERT INTO "Task" (id, "userId", title, description, status, priority, "dueAt", "completedAt", "createdAt", "updatedAt", labels, "listId")
       SELECT gen_random_uuid(), $1::uuid,
              ($2::text[])[1 + i % array_length($2, 1)] || ' ' || ($3::text[])[1 + (i / array_length($2, 1)) % array_length($3, 1)] || CASE WHEN i % 7 = 0 THEN ' (again)' ELSE '' END,
              CASE WHEN i % 5 = 0 THEN 'Remember to ask about the ' || ($3::text[])[1 + i % array_length($3, 1)] || ' before the end of the month.' ELSE '' END,
              (CASE WHEN i % 3 = 0 THEN 'completed' ELSE 'pending' END)::"TaskStatus",
              (ARRAY['low','medium','high'])[1 + (i / 3) % 3]::"TaskPriority",
              CASE WHEN i % 4 = 0 THEN NULL ELSE date_trunc('day', now()) + ((i * 37) % 240 - 120) * interval '1 day' + interval '9 hours' END,
              CASE WHEN i % 3 = 0 THEN now() - (($4::int - i) * interval '100 minutes') + interval '1 day' END,
              now() - (($4::int - i) * interval '100 minutes'),
              now() - (($4::int - i) * interval '100 minutes'),
              CASE WHEN i % 4 = 1 THEN ARRAY[($5::text[])[1 + i % array_length($5, 1)]] ELSE '{}'::text[] END,
              CASE WHEN i % 7 < 6 THEN ($6::uuid[])[1 + i % 7] END
       FROM generate_series(1, $4::int - 1) AS i`,
      [userId, VERBS, THINGS, tasks, LABELS, listIds],
    );
    // A few parents with subtasks (one level), like a real list.
    await client.query(
      `INSERT INTO "Task" (id, "userId", title, status, priority, "createdAt", "updatedAt", "parentId", "listId")
       SELECT gen_random_uuid(), p."userId", 'Step ' || s || ' of ' || left(p.title, 100), 'pending', 'medium', p."createdAt", p."createdAt", p.id, p."listId"
       FROM (SELECT * FROM "Task" WHERE "userId" = $1::uuid AND "parentId" IS NULL AND title LIKE 'Plan %' ORDER BY "createdAt" DESC LIMIT 20) p, generate_series(1, 3) s`,
      [userId],
    );
    const conversationId = randomUUID();
    await client.query(
      `INSERT INTO "Conversation" (id, "userId", title, "createdAt", "updatedAt") VALUES ($1, $2, 'A long conversation', now() - interval '30 days', now())`,
      [conversationId, userId],
    );
    // Alternating user / assistant messages; every fourth assistant message carries a tool call and its result.
    await client.query(
      `INSERT INTO "Message" (id, "conversationId", role, parts, metadata, position, "createdAt", "updatedAt")
       SELECT 'msg-' || i, $1::uuid,
              (CASE WHEN i % 2 = 0 THEN 'user' ELSE 'assistant' END)::"MessageRole",
              CASE
                WHEN i % 2 = 0 THEN jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'add buy milk ' || i || ' tomorrow and remind me about the dentist'))
                WHEN i % 8 = 1 THEN jsonb_build_array(
                  jsonb_build_object('type', 'step-start'),
                  jsonb_build_object('type', 'tool-add_task', 'toolCallId', 'call-' || i, 'state', 'output-available',
                    'input', jsonb_build_object('title', 'Buy milk ' || i, 'due', '2026-11-24'),
                    'output', jsonb_build_object('ok', true, 'task', jsonb_build_object('id', gen_random_uuid(), 'title', 'Buy milk ' || i, 'status', 'pending', 'priority', 'medium', 'dueAt', '2026-11-24T09:00:00.000Z'))),
                  jsonb_build_object('type', 'step-start'),
                  jsonb_build_object('type', 'text', 'text', 'Added "Buy milk ' || i || '", due tomorrow.', 'state', 'done'))
                ELSE jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Done. You have ' || i || ' tasks due this week; the next one is the dentist on Tuesday at 9:00.', 'state', 'done'))
              END,
              NULL, i, now() - (($2::int - i) * interval '1 minute'), now() - (($2::int - i) * interval '1 minute')
       FROM generate_series(0, $2::int - 1) AS i`,
      [conversationId, messages],
    );
    // Other users share the table, as in production: OTHER_USERS × OTHER_TASKS tasks with the same vocabulary.
    if (others.users > 0) {
      await client.query(
        `INSERT INTO "User" (id, email, "passwordHash", "createdAt", "updatedAt")
         SELECT gen_random_uuid(), 'other-' || g || '-' || $1 || '@example.com', 'not-a-password-hash', now(), now() FROM generate_series(1, $2::int) g`,
        [userId, others.users],
      );
      await client.query(
        `INSERT INTO "Task" (id, "userId", title, description, status, "createdAt", "updatedAt", "dueAt")
         SELECT gen_random_uuid(), u.id,
                ($2::text[])[1 + (i + n) % array_length($2, 1)] || ' ' || ($3::text[])[1 + (i * 7 + n) % array_length($3, 1)],
                CASE WHEN i % 5 = 0 THEN 'Remember to ask about the ' || ($3::text[])[1 + i % array_length($3, 1)] ELSE '' END,
                (CASE WHEN i % 3 = 0 THEN 'completed' ELSE 'pending' END)::"TaskStatus",
                now() - i * interval '1 hour', now() - i * interval '1 hour',
                CASE WHEN i % 2 = 0 THEN now() + (i % 60) * interval '1 day' END
         FROM (SELECT id, row_number() OVER () AS n FROM "User" WHERE email LIKE 'other-%-' || $1 || '@example.com') u, generate_series(1, $4::int) i`,
        [userId, VERBS, THINGS, others.tasks],
      );
    }
    await client.query("COMMIT");
    // A table in its steady state: statistics, and the GIN indexes' pending lists merged (autovacuum's job on a live server).
    await client.query(`VACUUM ANALYZE "Task"`);
    await client.query(`ANALYZE "Message"; ANALYZE "TaskList"; ANALYZE "Conversation"; ANALYZE "User"`);
    const counted = await client.query<{ mine: string; all: string }>(
      `SELECT count(*) FILTER (WHERE "userId" = $1::uuid) AS mine, count(*) AS all FROM "Task"`,
      [userId],
    );
    return {
      tasks: Number(counted.rows[0]!.mine),
      otherTasks: Number(counted.rows[0]!.all) - Number(counted.rows[0]!.mine),
      messages,
      conversationId,
      oldestTaskId,
      listIds,
    };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
