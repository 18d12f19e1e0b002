/** The product name (spec: the page title is the product name unless white-label is enabled). */
export const PRODUCT_NAME = 'Flightplan';

/** Route id of the app shell's layout route (the current user comes from `useSession()`, src/api/session). */
export const APP_ROUTE_ID = 'app';
