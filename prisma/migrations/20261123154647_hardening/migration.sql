-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY['tasks:read', 'tasks:write', 'agent']::TEXT[];

-- AlterTable
ALTER TABLE "RateCounter" DROP CONSTRAINT "RateCounter_pkey",
ALTER COLUMN "bucket" SET DATA TYPE VARCHAR(64),
ADD CONSTRAINT "RateCounter_pkey" PRIMARY KEY ("userId", "bucket", "windowStart");

-- CreateTable
CREATE TABLE "SignInBackoff" (
    "key" VARCHAR(400) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "blockedUntil" TIMESTAMP(3),
    "refused" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SignInBackoff_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "SignInBackoff_updatedAt_idx" ON "SignInBackoff"("updatedAt");

-- CreateIndex
CREATE INDEX "LoginAttempt_windowStart_idx" ON "LoginAttempt"("windowStart");

-- CreateIndex
CREATE INDEX "RateCounter_windowStart_idx" ON "RateCounter"("windowStart");
