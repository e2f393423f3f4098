/** Reading several of a user's tasks at once by id (scoped by userId in the query). */
import "server-only";
import { db as prisma, type Prisma } from "@/lib/db";
import type { TaskView } from "@/lib/tasks/schema";
import { taskSelect, toTaskView } from "@/lib/tasks/service";

export async function getTasksByIds({
  userId,
  ids,
  db = prisma,
}: {
  userId: string;
  ids: string[];
  db?: Prisma.TransactionClient;
}): Promise<TaskView[]> {
  if (!ids.length) return [];
  const rows = await db.task.findMany({
    where: { userId, id: { in: ids } },
    select: taskSelect,
  });
  return rows.map(toTaskView);
}
