-- CreateTable
CREATE TABLE "PushSubscription" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "endpoint" VARCHAR(2048) NOT NULL,
    "p256dh" VARCHAR(200) NOT NULL,
    "auth" VARCHAR(100) NOT NULL,
    "label" VARCHAR(100) NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSuccessAt" TIMESTAMP(3),

    CONSTRAINT "PushSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReminderPreferences" (
    "userId" UUID NOT NULL,
    "emailReminders" BOOLEAN NOT NULL DEFAULT false,
    "agendaEmail" BOOLEAN NOT NULL DEFAULT false,
    "agendaHour" INTEGER NOT NULL DEFAULT 7,
    "agendaSentFor" VARCHAR(10),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReminderPreferences_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "ReminderDispatch" (
    "id" UUID NOT NULL,
    "taskId" UUID NOT NULL,
    "remindAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ReminderDispatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReminderDelivery" (
    "dispatchId" UUID NOT NULL,
    "channel" VARCHAR(64) NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReminderDelivery_pkey" PRIMARY KEY ("dispatchId","channel")
);

-- CreateIndex
CREATE UNIQUE INDEX "PushSubscription_endpoint_key" ON "PushSubscription"("endpoint");

-- CreateIndex
CREATE INDEX "PushSubscription_userId_createdAt_idx" ON "PushSubscription"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "ReminderDispatch_finishedAt_remindAt_idx" ON "ReminderDispatch"("finishedAt", "remindAt");

-- CreateIndex
CREATE UNIQUE INDEX "ReminderDispatch_taskId_remindAt_key" ON "ReminderDispatch"("taskId", "remindAt");

-- CreateIndex
CREATE INDEX "Task_remindAt_idx" ON "Task"("remindAt");

-- AddForeignKey
ALTER TABLE "PushSubscription" ADD CONSTRAINT "PushSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReminderPreferences" ADD CONSTRAINT "ReminderPreferences_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReminderDispatch" ADD CONSTRAINT "ReminderDispatch_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReminderDelivery" ADD CONSTRAINT "ReminderDelivery_dispatchId_fkey" FOREIGN KEY ("dispatchId") REFERENCES "ReminderDispatch"("id") ON DELETE CASCADE ON UPDATE CASCADE;
