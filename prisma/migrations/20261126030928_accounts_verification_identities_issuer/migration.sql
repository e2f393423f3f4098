-- DropIndex
DROP INDEX "UserIdentity_provider_providerAccountId_key";

-- AlterTable
ALTER TABLE "SignInBackoff" ADD COLUMN     "trustedUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailVerifiedAt" TIMESTAMP(3);

-- Accounts made by single sign-on got their address from a provider that vouched for it.
-- Password accounts start unverified: nobody proved their mailbox.
UPDATE "User" SET "emailVerifiedAt" = "createdAt" WHERE "passwordHash" IS NULL;

-- AlterTable
-- Existing identities: GitHub's and Google's issuers are fixed; an OpenID Connect issuer was
-- AUTH_OIDC_ISSUER, which SQL cannot know: `legacy:oidc`, claimed by the configured issuer on
-- its first sign-in (lib/auth/sso.ts).
ALTER TABLE "UserIdentity" ADD COLUMN     "issuer" VARCHAR(255) NOT NULL DEFAULT '';
UPDATE "UserIdentity" SET "issuer" = CASE "provider"
  WHEN 'github' THEN 'https://github.com'
  WHEN 'google' THEN 'https://accounts.google.com'
  ELSE 'legacy:' || "provider" END;
ALTER TABLE "UserIdentity" ALTER COLUMN "issuer" DROP DEFAULT;

-- CreateTable
CREATE TABLE "EmailVerificationToken" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "tokenHash" VARCHAR(64) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailVerificationToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EmailVerificationToken_tokenHash_key" ON "EmailVerificationToken"("tokenHash");

-- CreateIndex
CREATE INDEX "EmailVerificationToken_userId_idx" ON "EmailVerificationToken"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "UserIdentity_issuer_providerAccountId_key" ON "UserIdentity"("issuer", "providerAccountId");

-- AddForeignKey
ALTER TABLE "EmailVerificationToken" ADD CONSTRAINT "EmailVerificationToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
