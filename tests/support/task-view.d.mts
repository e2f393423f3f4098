import type { TaskView } from "@/lib/tasks/schema";

export declare function taskView(id: string, fields?: Partial<TaskView>): TaskView;
