import { type PlanFlight, PlanFlightSchema } from '@contract/planning';
import { requestJson } from '@src/api/http';
import * as v from 'valibot';

/** The flight a booking was made for, as its plan has it, with its place in the plan's schedule. */
export interface BookingFlight {
  flight: PlanFlight;
  /** 1-based, among the plan's flights of the same platform (as in the booking's name "… · flight 2"). */
  number: number;
}

/** The part of the plan (contract/planning/plan.ts `PlanSchema`) this page reads: a change elsewhere in it does not matter here. */
const PlanFlightsSchema = v.object({ flights: v.array(PlanFlightSchema) });

/**
 * The booking's flight from its plan (GET /planning/wizard/{campaignId} as JSON), or null when the plan
 * cannot be read (no access, an older server, a network hiccup) or no longer has that flight: the page then
 * shows what the booking record itself carries.
 */
export async function loadBookingFlight(
  campaignId: string,
  bookingId: string,
): Promise<BookingFlight | null> {
  try {
    const plan = await requestJson(
      'GET',
      `planning/wizard/${encodeURIComponent(campaignId)}`,
      PlanFlightsSchema,
      {
        headers: { accept: 'application/json' },
      },
    );
    const flight = plan.flights.find((f) => f.bookingId === bookingId);
    if (!flight) return null;
    const samePlatform = plan.flights.filter((f) => f.platform === flight.platform);
    return { flight, number: samePlatform.indexOf(flight) + 1 };
  } catch {
    return null;
  }
}
