-- The list's short contains-searches (docs/list-performance.md, Third round). A name fragment of fewer than
-- three characters has no trigram, so `name ILIKE '%er%'` reads every row of the tenant and, in a UTF-8
-- database, lower()s each name to compare. The folded copy is stored once per write instead, and such a
-- search compares it with LIKE (server/data/list.ts). The schema does not map the column: nothing reads
-- or writes it but those searches.
ALTER TABLE "campaigns" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (lower("name")) STORED;
