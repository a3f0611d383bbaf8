-- Names sort as Norwegians expect (Æ, Ø, Å after Z; "Hall 2" before "Hall 10") on every PostgreSQL the
-- server runs on. ICU needs no locale from the operating system. ICU's own "nb" also sorts "aa" as "å"
-- (the old phone-book rule: "Aasen" after "Ålesund"); Greenlandic ("kl") has the same Æ, Ø, Å without
-- that rule, and PostgreSQL 15 cannot take custom ICU rules. A build without ICU falls back to the
-- system's nb_NO locale, and without that to byte order (docs/decisions/017-norwegian-sorting.md).
DO $$
BEGIN
  CREATE COLLATION IF NOT EXISTS "norwegian" (provider = icu, locale = 'kl-u-kn');
EXCEPTION WHEN OTHERS THEN
  BEGIN
    CREATE COLLATION IF NOT EXISTS "norwegian" (provider = libc, locale = 'nb_NO.utf8');
  EXCEPTION WHEN OTHERS THEN
    CREATE COLLATION IF NOT EXISTS "norwegian" FROM "C";
  END;
END
$$;
