-- CreateEnum
CREATE TYPE "ActivityActor" AS ENUM ('agent', 'app', 'api', 'mcp');

-- CreateEnum
CREATE TYPE "ActivityAction" AS ENUM ('created', 'updated', 'completed', 'reopened', 'deleted');

-- CreateTable
CREATE TABLE "TaskActivity" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor" "ActivityActor" NOT NULL,
    "requestId" VARCHAR(128),
    "taskId" UUID NOT NULL,
    "action" "ActivityAction" NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "undoOf" VARCHAR(128),
    "undoneBy" VARCHAR(128),

    CONSTRAINT "TaskActivity_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TaskActivity_seq_key" ON "TaskActivity"("seq");

-- CreateIndex
CREATE INDEX "TaskActivity_userId_seq_idx" ON "TaskActivity"("userId", "seq" DESC);

-- CreateIndex
CREATE INDEX "TaskActivity_userId_requestId_idx" ON "TaskActivity"("userId", "requestId");

-- AddForeignKey
ALTER TABLE "TaskActivity" ADD CONSTRAINT "TaskActivity_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
