-- Word search within one user's tasks (ILIKE '%word%', word similarity): trigram GIN indexes that also hold
-- userId (btree_gin). Both extensions ship with PostgreSQL and are trusted (a database owner may
-- create them, no superuser needed).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

-- CreateIndex
CREATE INDEX "Task_userId_title_trgm_idx" ON "Task" USING GIN ("userId" uuid_ops, "title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Task_userId_description_trgm_idx" ON "Task" USING GIN ("userId" uuid_ops, "description" gin_trgm_ops);
