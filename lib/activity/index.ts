export { changedTasks, listActivity } from "@/lib/activity/list";
export { lastUndoableRequest, undoRemovals, undoRequest } from "@/lib/activity/undo";
export * from "@/lib/activity/schema";
