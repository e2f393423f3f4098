-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "lastCompletedAt" TIMESTAMP(3),
ADD COLUMN     "recurrence" VARCHAR(200),
ADD COLUMN     "remindAt" TIMESTAMP(3),
ADD COLUMN     "reminderDismissedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "CalendarFeed" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "secretHash" VARCHAR(64) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CalendarFeed_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CalendarFeed_userId_key" ON "CalendarFeed"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "CalendarFeed_secretHash_key" ON "CalendarFeed"("secretHash");

-- CreateIndex
CREATE INDEX "Task_userId_remindAt_idx" ON "Task"("userId", "remindAt");

-- AddForeignKey
ALTER TABLE "CalendarFeed" ADD CONSTRAINT "CalendarFeed_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
