"use client";
/**
 * The list switcher: every task, the Inbox and the user's lists with their pending counts;
 * create, rename and delete a list; drop a dragged task on a list to move it there. Each list is
 * a real button (aria-pressed), so keyboard and screen-reader users switch lists the same way;
 * moving a task without a mouse is in the task's edit form.
 */
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from "react";
import { useTaskStore } from "@/components/tasks/task-store";
import { Button, inputClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PencilIcon, PlusIcon, TrashIcon } from "@/components/ui/icons";

/** The drag payload of a task row: its id. */
export const TASK_DRAG_TYPE = "application/x-talk-todo-task";

type Entry = { key: string; filter: string; name: string; count: number | null; listId: string | null | undefined };

export function ListSwitcher() {
  const { state, setFilters, updateTask, createList, renameList, deleteList } = useTaskStore();
  const [editing, setEditing] = useState<null | { mode: "create" } | { mode: "rename"; id: string }>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const active = state.filters.list;
  const activeList = state.lists.find((l) => l.id === active);

  const entries: Entry[] = [
    { key: "all", filter: "", name: "All tasks", count: null, listId: undefined },
    { key: "inbox", filter: "inbox", name: "Inbox", count: state.inboxCount, listId: null },
    ...state.lists.map((l) => ({ key: l.id, filter: l.id, name: l.name, count: l.taskCount, listId: l.id })),
  ];

  function dropProps(entry: Entry) {
    if (entry.listId === undefined) return {};
    const listId = entry.listId;
    return {
      onDragOver: (e: DragEvent) => {
        if (!e.dataTransfer.types.includes(TASK_DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "move";
        setDropTarget(entry.key);
      },
      onDragLeave: () => setDropTarget((t) => (t === entry.key ? null : t)),
      onDrop: (e: DragEvent) => {
        e.preventDefault();
        setDropTarget(null);
        const id = e.dataTransfer.getData(TASK_DRAG_TYPE);
        const task = state.byId[id];
        if (!task || (task.list?.id ?? null) === listId) return;
        void updateTask(id, { listId });
      },
    };
  }

  return (
    <nav aria-label="Lists" data-testid="list-switcher" className="space-y-2">
      <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 text-xs font-medium">
        {entries.map((entry) => {
          const pressed = active === entry.filter;
          return (
            <li key={entry.key} className="shrink-0">
              <button
                type="button"
                aria-pressed={pressed}
                aria-label={entry.count === null ? entry.name : `${entry.name}, ${entry.count} to do`}
                data-list={entry.key}
                onClick={() => setFilters({ ...state.filters, list: entry.filter })}
                {...dropProps(entry)}
                className={`flex max-w-44 items-center gap-1.5 rounded-full px-3 py-1.5 ring-1 transition-colors ring-inset focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-500 ${
                  dropTarget === entry.key
                    ? "bg-accent-100 text-accent-900 ring-accent-500 dark:bg-accent-500/30 dark:text-accent-100"
                    : pressed
                      ? "bg-accent-600 text-white ring-accent-600 dark:bg-accent-500 dark:ring-accent-500"
                      : "bg-white text-zinc-700 ring-zinc-200 hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800"
                }`}
              >
                <span className="truncate">{entry.name}</span>
                {entry.count !== null && (
                  <span aria-hidden="true" className={`tabular-nums ${pressed ? "text-accent-100" : "text-zinc-400 dark:text-zinc-500"}`}>
                    {entry.count}
                  </span>
                )}
              </button>
            </li>
          );
        })}
        <li className="shrink-0">
          <Button
            variant="ghost"
            size="sm"
            className="h-7 gap-1 rounded-full px-2.5 text-xs"
            onClick={() => setEditing({ mode: "create" })}
            aria-expanded={editing?.mode === "create"}
          >
            <PlusIcon className="size-3.5" /> New list
          </Button>
        </li>
      </ul>

      {editing && (
        <ListNameForm
          key={editing.mode === "rename" ? editing.id : "create"}
          label={editing.mode === "create" ? "New list name" : "List name"}
          initial={editing.mode === "rename" ? (activeList?.name ?? "") : ""}
          submitLabel={editing.mode === "create" ? "Create list" : "Rename list"}
          onCancel={() => setEditing(null)}
          onSubmit={async (name) => {
            if (editing.mode === "create") {
              const list = await createList(name);
              if (!list) return false;
              setFilters({ ...state.filters, list: list.id });
            } else if (!(await renameList(editing.id, name))) return false;
            setEditing(null);
            return true;
          }}
        />
      )}

      {activeList && !editing && (
        <div className="flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="min-w-0 flex-1 truncate">
            List <span className="font-medium text-zinc-800 dark:text-zinc-200">{activeList.name}</span>
          </span>
          <Button
            variant="ghost"
            size="sm"
            className="h-7 gap-1 px-2 text-xs"
            onClick={() => setEditing({ mode: "rename", id: activeList.id })}
            aria-label={`Rename the list “${activeList.name}”`}
          >
            <PencilIcon className="size-3.5" /> Rename
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="h-7 gap-1 px-2 text-xs hover:text-red-600 dark:hover:text-red-400"
            onClick={() => setConfirmDelete(true)}
            aria-label={`Delete the list “${activeList.name}”`}
          >
            <TrashIcon className="size-3.5" /> Delete
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={confirmDelete && Boolean(activeList)}
        title={`Delete the list “${activeList?.name ?? ""}”?`}
        confirmLabel="Delete list"
        testId="delete-list-dialog"
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          if (activeList) void deleteList(activeList.id);
        }}
      >
        Its tasks are not deleted: they move to the Inbox.
      </ConfirmDialog>
    </nav>
  );
}

function ListNameForm({
  label,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError("Give the list a name");
      return;
    }
    if (!(await onSubmit(trimmed))) input.current?.focus();
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          onCancel();
        }
      }}
      aria-label={submitLabel}
      className="flex items-start gap-2"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor="list-name" className="sr-only">
          {label}
        </label>
        <input
          ref={input}
          id="list-name"
          value={name}
          maxLength={60}
          placeholder="e.g. Groceries"
          autoComplete="off"
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "list-name-error" : undefined}
          className={`${inputClass} py-1.5 text-xs`}
        />
        {error && (
          <p id="list-name-error" className="mt-1 text-xs text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      <Button size="sm" variant="primary" type="submit" className="h-8 text-xs">
        {submitLabel}
      </Button>
      <Button size="sm" variant="ghost" className="h-8 text-xs" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}
