/** Who did something and from where; carried by events that end up in the audit log. */
export type Actor = { userId: string; ip: string | null };
