/**
 * A task as the API and the tools report it (lib/tasks/schema.ts `TaskView`), every field at its
 * default — pending, medium, no due date, no list — with `fields` on top. For tests that need a
 * task without a database.
 */
export function taskView(id, fields = {}) {
  const at = "2026-11-22T12:00:00.000Z";
  return {
    id,
    title: id,
    description: "",
    status: "pending",
    priority: "medium",
    dueAt: null,
    completedAt: null,
    createdAt: at,
    updatedAt: at,
    recurrence: null,
    lastCompletedAt: null,
    remindAt: null,
    reminderDismissedAt: null,
    list: null,
    labels: [],
    parentId: null,
    subtasks: null,
    ...fields,
  };
}
