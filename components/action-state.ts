// What a server action answers its form (app/_lib/action-state.ts builds it): ok with a
// message, or why not (a message for the whole form, and one per bad field).
export interface ActionState {
  ok: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
}
