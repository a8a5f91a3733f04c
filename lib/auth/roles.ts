// What each dashboard role may do. A viewer reads everything; an operator also acts (moves,
// cancels, retries, pauses). Kept as data so pages, actions and tests ask one function.
export const operatorRoles = ["viewer", "operator"] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/** Whether `role` includes what `needed` allows (operator includes viewer). */
export function roleAllows(role: OperatorRole, needed: OperatorRole): boolean {
  return needed === "viewer" || role === "operator";
}

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === "string" && (operatorRoles as readonly string[]).includes(value);
}
