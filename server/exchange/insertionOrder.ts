import {
  approvalRecordLines,
  objectiveLabel,
  platformDisplayName,
  type SignOff,
  toMajor,
} from '@contract/exchange';
import { daysInclusive, PACING_LABELS, type Plan } from '@contract/planning';
import { bookingName } from '../campaignRules/bookings';
import { assertScheduled, audienceSummary, countryName, interestsSummary } from './mediaplanExport';
import type { Parties } from './parties';
import { pdfMake } from './pdfmake';

/**
 * The insertion order: the agency (its white-label brand and colour) orders the plan's flights for the
 * client, with the campaign's approval record when it has a sign-off. pdfmake lays it out; its bundled Roboto covers Latin, Greek and Cyrillic names.
 */

export const IO_TERMS = [
  'Payment terms: the client pays the agency’s invoices within 30 days of the invoice date; invoices ' +
    'follow each calendar month’s delivered media at the amounts above, never more than each line item’s total.',
  'Cancellation: the client may cancel a line item in writing up to 14 days before its start at no cost; ' +
    'later cancellations are charged for media already delivered and committed by the platform.',
  'Make-goods: where a platform under-delivers a line item, the agency re-runs the shortfall at no extra ' +
    'cost within 30 days of the line item’s end, or credits the undelivered amount.',
  'Media run on the platforms named above under their own advertising policies; ads they refuse are ' +
    'replaced by the client or the line item’s amount is not charged.',
];

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(toMajor(minor, currency));

export interface InsertionOrderOptions {
  /** pdfmake compresses content streams; tests read the PDF's text uncompressed. */
  compress?: boolean;
  /** The campaign's sign-off: its approval record is printed above the terms. */
  signOff?: SignOff | null;
}

/** The approval record: who approved which revision, when, how they confirmed, and its hash. */
function approvalBlock(signOff: SignOff | null | undefined) {
  if (!signOff) return [];
  const [summary, ...details] = approvalRecordLines(signOff);
  return [
    { text: 'Approval record', bold: true, fontSize: 11, margin: [0, 0, 0, 4] },
    { text: summary ?? '', margin: [0, 0, 0, 2] },
    {
      stack: details.map((line) =>
        line.startsWith('Content hash') ? { text: line, fontSize: 7, color: '#444444' } : { text: line },
      ),
      margin: [0, 0, 0, 14],
    },
  ];
}

/** Who the plan targets: the audience in words and its interests by name, per platform. */
function audienceBlock(plan: Plan) {
  const { audience } = plan;
  if (!audience) return [];
  const interests = interestsSummary(plan);
  return [
    { text: 'Audience', bold: true, fontSize: 11, margin: [0, 0, 0, 4] },
    { text: `${audienceSummary(audience)} · ${audience.locations.map(countryName).join(', ')}` },
    { text: `Interests: ${interests ?? 'none (everyone in the audience)'}`, margin: [0, 2, 0, 14] },
  ];
}

export async function insertionOrderPdf(
  plan: Plan,
  parties: Parties,
  { compress = true, signOff = null }: InsertionOrderOptions = {},
): Promise<Buffer> {
  const { startDate, endDate } = assertScheduled(plan);
  const { campaign } = plan;
  const { brand } = parties;
  const fmt = (minor: number) => money(minor, campaign.currency);
  const counts = new Map<string, number>();
  const header = ['#', 'Platform', 'Line item', 'Start', 'End', 'Days', 'Pacing', 'Amount'].map((text) => ({
    text,
    bold: true,
    color: '#ffffff',
    fillColor: brand.primaryHex,
  }));
  const rows = plan.flights.map((flight, i) => {
    const n = (counts.get(flight.platform) ?? 0) + 1;
    counts.set(flight.platform, n);
    return [
      String(i + 1),
      platformDisplayName(flight.platform),
      bookingName(campaign.name, flight.platform, n),
      flight.startDate,
      flight.endDate,
      String(daysInclusive(flight.startDate, flight.endDate)),
      PACING_LABELS[flight.pacing],
      { text: fmt(flight.amountMinor), alignment: 'right' },
    ];
  });
  const total = plan.flights.reduce((sum, f) => sum + f.amountMinor, 0);
  const signature = (party: string, name: string) => ({
    stack: [
      { text: `For the ${party}`, bold: true },
      { text: name, margin: [0, 2, 0, 28] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.5 }] },
      { text: 'Signature', fontSize: 8, color: '#666666', margin: [0, 2, 0, 14] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.5 }] },
      { text: 'Name and title', fontSize: 8, color: '#666666', margin: [0, 2, 0, 14] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.5 }] },
      { text: 'Date', fontSize: 8, color: '#666666' },
    ],
  });
  const client = parties.customerName ?? 'No client chosen yet';
  const definition = {
    compress,
    info: {
      title: `Insertion order: ${campaign.name}`,
      author: brand.name,
      subject: `${campaign.name} for ${client}`,
      creator: 'Flightplan',
    },
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    content: [
      { text: brand.name, fontSize: 18, bold: true, color: brand.primaryHex },
      { text: 'Insertion order', fontSize: 14, margin: [0, 4, 0, 12] },
      {
        columns: [
          {
            stack: [
              { text: 'Agency', bold: true },
              brand.name,
              { text: 'Client', bold: true, margin: [0, 6, 0, 0] },
              client,
            ],
          },
          {
            stack: [
              { text: 'Campaign', bold: true },
              campaign.name,
              `${objectiveLabel(campaign.objectiveId)} · ${startDate} to ${endDate}`,
              `Order ${campaign.id.slice(0, 8).toUpperCase()}-${campaign.version} · issued ${parties.createdAt.toISOString().slice(0, 10)}`,
            ],
          },
        ],
        margin: [0, 0, 0, 14],
      },
      {
        table: {
          headerRows: 1,
          widths: [14, 60, '*', 52, 52, 26, 52, 62],
          body: [
            header,
            ...rows,
            [
              { text: 'Total', bold: true, colSpan: 7 },
              '',
              '',
              '',
              '',
              '',
              '',
              { text: fmt(total), bold: true, alignment: 'right' },
            ],
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        text: `Campaign budget: ${fmt(campaign.budgetMinor)} (${campaign.currency}), net of taxes.`,
        margin: [0, 6, 0, 14],
      },
      ...audienceBlock(plan),
      ...approvalBlock(signOff),
      { text: 'Terms', bold: true, fontSize: 11, margin: [0, 0, 0, 4] },
      { ul: IO_TERMS, margin: [0, 0, 0, 24] },
      {
        columns: [signature('agency', brand.name), signature('client', client)],
        unbreakable: true,
      },
    ],
  };
  return pdfMake().createPdf(definition).getBuffer();
}
