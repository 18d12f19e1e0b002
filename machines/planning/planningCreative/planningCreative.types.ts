import type { AdAsset, Asset, Utm } from '@contract/creative';
import type { Plan, PlanIssues, RulesByPlatform } from '@contract/planning';
import type { StepInput, WizardToStep } from '../stepProtocol';

/**
 * Types of the creative step (`planningCreative`), invoked by the planning wizard: per platform of the
 * plan, its ads (a format the platform runs for the objective, texts, assets with a focal point, a
 * destination URL with UTM parameters, a call to action), checked against the platform's specs.
 */

/** An ad as typed. `key` names it in the form (its id once saved). */
export interface AdDraft {
  key: string;
  /** The saved ad's id; absent until a save gave it one. */
  id?: string;
  platform: string;
  name: string;
  format: string;
  /** Per text field of the format, its entries as typed (a plain field has one). */
  texts: Record<string, string[]>;
  assets: AdAsset[];
  destinationUrl: string;
  utm: Utm | null;
  callToAction: string;
}

/**
 * Where a message can show: an ad's field (`<ad key>.name`, `<ad key>.texts.headline.2`,
 * `<ad key>.assets.0.assetId`) or the step (`ads`). Wire paths (`ads.1.texts.headline.2`) are turned into
 * these with the ad at that index, so a message follows its ad when another is removed.
 */
export type CreativeErrorKey = string;

export interface PlanningCreativeContext {
  plan: Plan | null;
  rules: RulesByPlatform;
  today: string;
  readOnly: boolean;
  ads: AdDraft[];
  /** Every asset the step knows (the plan's, and those uploaded or chosen from the library since), by id. */
  assets: Record<string, Asset>;
  touched: CreativeErrorKey[];
  /** Every message shows (after Next on an invalid step). */
  showAll: boolean;
  serverErrors: PlanIssues;
  /** Keys for ads added since the step opened (`new-1`, `new-2`…). */
  nextKey: number;
  /**
   * How many times Next was pressed on this step while it was unfinished: each time, the view scrolls to and
   * focuses the first message (a Next that seems to do nothing is one whose messages are off-screen).
   */
  errorRequests: number;
}

export type PlanningCreativeInput = StepInput;

export type AdField = 'name' | 'destinationUrl' | 'callToAction';

export type PlanningCreativeEvent =
  | { type: 'ad.add'; platform: string }
  | { type: 'ad.remove'; key: string }
  | { type: 'ad.change'; key: string; field: AdField; value: string }
  | { type: 'ad.format'; key: string; format: string }
  | { type: 'text.change'; key: string; field: string; index: number; value: string }
  | { type: 'text.add'; key: string; field: string }
  | { type: 'text.remove'; key: string; field: string; index: number }
  | { type: 'asset.attach'; key: string; asset: Asset }
  | { type: 'asset.detach'; key: string; index: number }
  | { type: 'asset.move'; key: string; index: number; to: number }
  | { type: 'asset.focus'; key: string; index: number; focalX: number; focalY: number }
  | { type: 'utm.change'; key: string; utm: Utm | null }
  | WizardToStep;
