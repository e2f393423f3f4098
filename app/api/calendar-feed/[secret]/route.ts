import { buildCalendarFeed } from "@/lib/calendar/feed";
import { feedOwner } from "@/lib/calendar/feed-tokens";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/respond";
import { listTasks } from "@/lib/tasks/service";

type Context = { params: Promise<{ secret: string }> };

/** Pending tasks with a due date come first in list order; a feed carries at most this many. */
const FEED_TASKS_MAX = 1000;

/** The public feed: the secret in the path is the only credential. 404 once replaced or revoked. */
export const GET = route(async (_request, { params }: Context) => {
  const owner = await feedOwner((await params).secret);
  if (!owner) throw new AppError("not_found:calendar");
  const { tasks } = await listTasks({ userId: owner.id, timeZone: owner.timezone, status: "pending", limit: FEED_TASKS_MAX });
  const body = buildCalendarFeed({ tasks: tasks.filter((t) => t.dueAt), timeZone: owner.timezone });
  return new Response(body, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="talk-todo.ics"',
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
});
