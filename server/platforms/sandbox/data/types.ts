import type { PlatformRules } from '@contract/planning';

/** One sandbox platform as data: its published rules, and how much of a country's internet users it reaches. */
export interface SandboxPlatformData {
  rules: PlatformRules;
  /**
   * The platform's share of a country's internet users (its advertising reach ÷ internet users, rounded from
   * the platforms' own advertising-reach figures as reported by DataReportal's Digital 2024 reports).
   */
  reachShare: number;
}
