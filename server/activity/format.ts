import { ACTIVITY_ENTITY_LABELS, type ActivityEntity, type ActivityEntry } from '@contract/activity';
import { AD_FORMAT_LABELS } from '@contract/creative/specs';
import { BID_STRATEGY_LABELS, PACING_LABELS } from '@contract/planning';
import { ROLE_LABELS } from '@contract/policy';
import { IMPORTED_FROM_FIELD, importedFromText } from './importEntry';
import type { ChangeLogRow, NameLookups, Names } from './store';

/**
 * The change log's values as people read them (issue 27): a field catalogue (entity × column → label and
 * kind), names instead of ids (resolved in batch by `lookUpNames`), money with its currency, dates.
 */

type Kind =
  | 'text'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'enum'
  | 'list'
  | 'countries'
  | 'languages'
  | 'map'
  | 'customer'
  | 'budget'
  | 'user'
  | 'platform'
  | 'platforms'
  | 'objective'
  | 'account'
  | 'campaign'
  | 'flight'
  /** An import's provenance (server/activity/importEntry.ts). */
  | 'importSource';

interface FieldInfo {
  label: string;
  kind: Kind;
  /** An enum's words (default: the value humanised). */
  labels?: Readonly<Record<string, string>>;
}

const f = (label: string, kind: Kind = 'text', labels?: Readonly<Record<string, string>>): FieldInfo => ({
  label,
  kind,
  ...(labels ? { labels } : {}),
});

const COMMON: Record<string, FieldInfo> = {
  name: f('Name'),
  status: f('Status', 'enum'),
  start_date: f('Start', 'date'),
  end_date: f('End', 'date'),
  amount_minor: f('Amount', 'money'),
  currency: f('Currency'),
  platform_key: f('Platform', 'platform'),
  position: f('Order', 'number'),
  customer_id: f('Customer', 'customer'),
  campaign_id: f('Campaign', 'campaign'),
  account_id: f('Account', 'account'),
  organization_id: f('Organization'),
};

/** Entity × column (snake_case, as stored) → label and kind; a column not listed is humanised. */
export const FIELD_CATALOGUE: Record<ActivityEntity, Record<string, FieldInfo>> = {
  campaign: {
    budget_minor: f('Budget', 'money'),
    platforms: f('Platforms', 'platforms'),
    split_mode: f('Budget split', 'enum'),
    budget_id: f('Customer budget', 'budget'),
    objective_id: f('Objective', 'objective'),
    over_budget_confirmed_at: f('Over budget confirmed', 'datetime'),
    // Not a column: the import's own entry (server/activity/importEntry.ts).
    [IMPORTED_FROM_FIELD]: f('Imported from', 'importSource'),
  },
  placement: { external_id: f('Platform’s campaign id'), last_error: f('Problem') },
  allocation: {
    amount_minor: f('Budget', 'money'),
    bid_strategy: f('Bid strategy', 'enum', BID_STRATEGY_LABELS),
    cost_cap_minor: f('Cost cap', 'money'),
  },
  audience: {
    locations: f('Locations', 'countries'),
    age_min: f('Minimum age', 'number'),
    age_max: f('Maximum age', 'number'),
    genders: f('Genders', 'list'),
    languages: f('Languages', 'languages'),
    interests: f('Interests', 'map'),
  },
  flight: { pacing: f('Pacing', 'enum', PACING_LABELS) },
  ad: {
    format: f('Format', 'enum', AD_FORMAT_LABELS),
    texts: f('Texts', 'map'),
    destination_url: f('Destination'),
    utm: f('UTM parameters', 'map'),
    call_to_action: f('Call to action', 'enum'),
  },
  customer: {},
  budget: { period_start: f('Period start', 'date'), period_end: f('Period end', 'date') },
  booking: { flight_id: f('Flight', 'flight') },
  member: {
    role: f('Role', 'enum', ROLE_LABELS),
    all_accounts: f('Every account', 'boolean'),
    user_id: f('Member', 'user'),
  },
  memberAccount: { user_id: f('Member', 'user') },
  connection: {
    external_account_id: f('Ad account id'),
    external_account_name: f('Ad account'),
    scope: f('Permissions'),
    connected_by: f('Connected by', 'user'),
    problem: f('Problem'),
  },
};

/** What a created or deleted row is summed up by (its columns, in order). */
const SUMMARY: Record<ActivityEntity, string[]> = {
  campaign: ['name'],
  placement: ['platform_key', 'status'],
  allocation: ['platform_key', 'amount_minor'],
  audience: ['locations'],
  flight: ['platform_key', 'start_date', 'end_date', 'amount_minor'],
  ad: ['name'],
  customer: ['name'],
  budget: ['name', 'amount_minor'],
  booking: ['name', 'amount_minor'],
  member: ['role'],
  memberAccount: ['account_id'],
  connection: ['platform_key', 'external_account_name'],
};

/** 'split_mode' → 'Split mode'; 'in_review' → 'In review'. */
export const humanise = (text: string) => {
  const words = text
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export function fieldInfo(entity: ActivityEntity, column: string): FieldInfo {
  return FIELD_CATALOGUE[entity]?.[column] ?? COMMON[column] ?? { label: humanise(column), kind: 'text' };
}

const money = new Map<string, Intl.NumberFormat>();
export function formatMoney(minor: number, currency: string | undefined): string {
  if (!currency) return String(minor);
  try {
    let format = money.get(currency);
    if (!format) {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
      money.set(currency, format);
    }
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${minor} ${currency}`;
  }
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});
const regions = new Intl.DisplayNames(['en'], { type: 'region' });
const languages = new Intl.DisplayNames(['en'], { type: 'language' });
const named = (names: Intl.DisplayNames, code: string) => {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
};

const userName = (user: { email: string; firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

interface RowContext {
  /** The currency money of this row is in (its own, its budget's or booking's, else its campaign's). */
  currency: string | undefined;
}

/** One value as people read it; '' for none. */
export function valueText(info: FieldInfo, value: unknown, names: Names, context: RowContext): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  switch (info.kind) {
    case 'money':
      return typeof value === 'number' ? formatMoney(value, context.currency) : text;
    case 'date': {
      const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : null;
      return date && !Number.isNaN(date.getTime()) ? dateFormat.format(date) : text;
    }
    case 'datetime': {
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? text : `${timeFormat.format(date)} UTC`;
    }
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : text;
    case 'enum':
      return info.labels?.[text] ?? humanise(text);
    case 'list':
      return Array.isArray(value)
        ? value.length
          ? value.map(String).map(humanise).join(', ')
          : 'Any'
        : text;
    case 'countries':
      return Array.isArray(value) ? value.map((c) => named(regions, String(c))).join(', ') : text;
    case 'languages':
      return Array.isArray(value)
        ? value.length
          ? value.map((c) => named(languages, String(c))).join(', ')
          : 'Any'
        : text;
    case 'map':
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        return Object.entries(value as Record<string, unknown>)
          .map(([key, item]) => {
            const label = names.platforms.get(key) ?? humanise(key);
            return `${label}: ${Array.isArray(item) ? item.join(', ') : String(item)}`;
          })
          .join('; ');
      }
      return JSON.stringify(value);
    case 'customer':
      return names.customers.get(text) || (names.customers.has(text) ? 'Unnamed customer' : text);
    case 'budget':
      return names.budgets.get(text)?.name ?? text;
    case 'campaign':
      return names.campaigns.get(text)?.name ?? text;
    case 'account':
      return names.accounts.get(text) ?? text;
    case 'user': {
      const user = names.users.get(text);
      return user ? userName(user) : 'A former member';
    }
    case 'platform':
      return names.platforms.get(text) ?? text;
    case 'platforms':
      return Array.isArray(value)
        ? value.map((k) => names.platforms.get(String(k)) ?? String(k)).join(', ')
        : text;
    case 'objective':
      return names.objectives.get(text) ?? text;
    case 'flight': {
      const flight = names.flights.get(text);
      return flight
        ? `Flight on ${names.platforms.get(flight.platformKey) ?? flight.platformKey}`
        : 'A flight';
    }
    case 'number':
      return text;
    case 'importSource':
      return importedFromText(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : text;
  }
}

const rowObject = (row: ChangeLogRow) =>
  ((row.op === 'delete' ? row.before : row.after) ?? {}) as Record<string, unknown>;

/** The ids a page of rows refers to, for `lookUpNames`. */
export function idsToLookUp(rows: readonly ChangeLogRow[]): NameLookups {
  const ids: NameLookups = {
    users: [],
    customers: [],
    budgets: [],
    campaigns: [],
    accounts: [],
    flights: [],
    ads: [],
    bookings: [],
  };
  const add = (kind: Kind, value: unknown) => {
    if (typeof value !== 'string') return;
    if (kind === 'user') ids.users.push(value);
    else if (kind === 'customer') ids.customers.push(value);
    else if (kind === 'budget') ids.budgets.push(value);
    else if (kind === 'campaign') ids.campaigns.push(value);
    else if (kind === 'account') ids.accounts.push(value);
    else if (kind === 'flight') ids.flights.push(value);
  };
  for (const row of rows) {
    if (row.campaignId) ids.campaigns.push(row.campaignId);
    if (row.entity === 'campaign') ids.campaigns.push(row.entityId);
    if (row.entity === 'budget') ids.budgets.push(row.entityId);
    if (row.entity === 'booking') ids.bookings.push(row.entityId);
    if (row.entity === 'flight') ids.flights.push(row.entityId);
    if (row.entity === 'ad') ids.ads.push(row.entityId);
    if (row.entity === 'member' || row.entity === 'memberAccount')
      ids.users.push(row.entityId.split(':')[0] ?? '');
    if (row.field) {
      const kind = fieldInfo(row.entity, row.field).kind;
      add(kind, row.before);
      add(kind, row.after);
    } else {
      for (const [column, value] of Object.entries(rowObject(row)))
        add(fieldInfo(row.entity, column).kind, value);
    }
  }
  return ids;
}

function currencyOf(row: ChangeLogRow, names: Names): string | undefined {
  const own = rowObject(row).currency;
  if (row.entity === 'budget')
    return names.budgets.get(row.entityId)?.currency ?? (own as string | undefined);
  if (row.entity === 'booking')
    return names.bookings.get(row.entityId)?.currency ?? (own as string | undefined);
  if (row.entity === 'campaign')
    return names.campaigns.get(row.entityId)?.currency ?? (own as string | undefined);
  return row.campaignId ? names.campaigns.get(row.campaignId)?.currency : undefined;
}

function platformOf(row: ChangeLogRow, names: Names): string | undefined {
  const key =
    row.entity === 'allocation' || row.entity === 'placement' || row.entity === 'connection'
      ? row.entityId
      : row.entity === 'flight'
        ? names.flights.get(row.entityId)?.platformKey
        : row.entity === 'ad'
          ? names.ads.get(row.entityId)?.platformKey
          : row.entity === 'booking'
            ? names.bookings.get(row.entityId)?.platformKey
            : undefined;
  const resolved = key ?? (rowObject(row).platform_key as string | undefined);
  return resolved ? (names.platforms.get(resolved) ?? resolved) : undefined;
}

/** "Campaign", "Flight on Meta", "Member Jane Doe". */
export function entityLabel(row: ChangeLogRow, names: Names): string {
  const base = ACTIVITY_ENTITY_LABELS[row.entity] ?? humanise(row.entity);
  if (row.entity === 'member' || row.entity === 'memberAccount') {
    const user = names.users.get(row.entityId.split(':')[0] ?? '');
    return user ? `${base} ${userName(user)}` : base;
  }
  if (row.entity === 'connection') {
    const platform = platformOf(row, names);
    return platform ? `Connection to ${platform}` : base;
  }
  if (row.entity === 'placement') {
    const platform = platformOf(row, names);
    return platform ? `Launch on ${platform}` : base;
  }
  const platform = row.entity === 'booking' ? undefined : platformOf(row, names);
  return platform ? `${base} on ${platform}` : base;
}

/** One stored row as the API answers it. */
export function toEntry(row: ChangeLogRow, names: Names): ActivityEntry {
  const context = { currency: currencyOf(row, names) };
  let fieldLabel: string;
  let beforeText = '';
  let afterText = '';
  if (row.field) {
    const info = fieldInfo(row.entity, row.field);
    fieldLabel = info.label;
    beforeText = valueText(info, row.before, names, context);
    afterText = valueText(info, row.after, names, context);
  } else {
    const values = rowObject(row);
    const summary = SUMMARY[row.entity]
      .filter((column) => values[column] !== undefined && values[column] !== null)
      .map((column) => valueText(fieldInfo(row.entity, column), values[column], names, context))
      .filter((text) => text !== '')
      .join(', ');
    fieldLabel = row.op === 'create' ? 'Created' : 'Deleted';
    if (row.op === 'create') afterText = summary || 'Created';
    else beforeText = summary || 'Deleted';
  }
  const actor = row.actorUserId
    ? {
        id: row.actorUserId,
        email: row.actorEmail ?? '',
        name: row.actorEmail
          ? userName({
              email: row.actorEmail,
              firstName: row.actorFirstName ?? '',
              lastName: row.actorLastName ?? '',
            })
          : 'A former member',
      }
    : null;
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actor,
    entity: row.entity,
    entityId: row.entityId,
    entityLabel: entityLabel(row, names),
    op: row.op,
    field: row.field ? camel(row.field) : null,
    fieldLabel,
    before: row.before ?? null,
    after: row.after ?? null,
    beforeText,
    afterText,
    campaignId: row.campaignId,
    campaignName: row.campaignId ? (names.campaigns.get(row.campaignId)?.name ?? null) : null,
    revision: row.revision,
  };
}
