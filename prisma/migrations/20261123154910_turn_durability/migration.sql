-- CreateEnum
CREATE TYPE "AgentDecision" AS ENUM ('respond', 'invoke_tools', 'ask_clarification', 'request_confirmation');

-- CreateEnum
CREATE TYPE "ToolCallStatus" AS ENUM ('proposed', 'approved', 'denied', 'executed', 'failed');

-- AlterEnum
ALTER TYPE "AgentRunStatus" ADD VALUE 'interrupted';

-- DropIndex
DROP INDEX "ToolInvocation_runId_idx";

-- AlterTable
ALTER TABLE "AgentRun" ADD COLUMN     "decision" "AgentDecision",
ADD COLUMN     "intent" VARCHAR(500),
ADD COLUMN     "userMessage" VARCHAR(4000);

-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "stopTurnId" VARCHAR(64);

-- AlterTable
ALTER TABLE "ToolInvocation" ADD COLUMN     "bound" JSONB,
ADD COLUMN     "conversationId" UUID,
ADD COLUMN     "decidedAt" TIMESTAMP(3),
ADD COLUMN     "status" "ToolCallStatus" NOT NULL DEFAULT 'executed';

-- Backfill: each recorded call's conversation; a call id repeated within one run keeps its rows apart.
UPDATE "ToolInvocation" t SET "conversationId" = r."conversationId" FROM "AgentRun" r WHERE r."id" = t."runId";
UPDATE "ToolInvocation" a SET "toolCallId" = left(a."toolCallId", 90) || '#' || a."id"
FROM "ToolInvocation" b WHERE a."runId" = b."runId" AND a."toolCallId" = b."toolCallId" AND a."id" > b."id";

-- CreateIndex
CREATE INDEX "ToolInvocation_conversationId_toolCallId_idx" ON "ToolInvocation"("conversationId", "toolCallId");

-- CreateIndex
CREATE UNIQUE INDEX "ToolInvocation_runId_toolCallId_key" ON "ToolInvocation"("runId", "toolCallId");

-- AddForeignKey
ALTER TABLE "ToolInvocation" ADD CONSTRAINT "ToolInvocation_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
