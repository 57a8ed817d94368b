/** How the current request proved who it is. */
export type AuthContext =
  | { method: 'session'; sessionId: string }
  | { method: 'bearer'; subject: string; sid: string }
  /** HTTP Basic (accepted on the workflow API only). */
  | { method: 'basic'; subject: string };
