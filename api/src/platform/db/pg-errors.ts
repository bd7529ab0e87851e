/** The driver's error under Drizzle's wrapper (node-postgres and PGlite both carry `code`). */
function pgErrorOf(error: unknown): { code?: string; constraint?: string } | null {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      return current as { code: string; constraint?: string };
    }
    current = current.cause as typeof current;
  }
  return null;
}

/** The SQLSTATE of a failed statement (under Drizzle's wrapper), if it is one. */
export const pgErrorCode = (error: unknown) => pgErrorOf(error)?.code;

export const isUniqueViolation = (error: unknown, constraint?: string) => {
  const pg = pgErrorOf(error);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
};

export const isForeignKeyViolation = (error: unknown) => pgErrorOf(error)?.code === '23503';
