export interface TrialGateContext {
  /** The current organization's plan ('trial' or a paid plan); null without an organization. */
  planCode: string | null;
  /** When the organization was created (ISO timestamp); the trial runs 7 days from then. */
  createdAt: string | null;
  /** The page the person is on. */
  pathname: string;
  /** The time the gate reckons with (ms since the epoch); moved on by `clock.tick` and at each day's end. */
  now: number;
}

export type TrialGateEvent =
  /** The organization changed (another one chosen, or its plan changed after an upgrade). */
  | { type: 'organization.change'; planCode: string | null; createdAt: string | null }
  /** The router moved to another page. */
  | { type: 'route.change'; pathname: string }
  /** The clock moved (the tab became visible again, the app checked the time). */
  | { type: 'clock.tick'; now: number };

export interface TrialGateInput {
  planCode?: string | null;
  createdAt?: string | null;
  pathname: string;
  now: number;
}
