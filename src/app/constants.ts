/** The product name (spec: the page title is the product name unless white-label is enabled). */
export const PRODUCT_NAME = 'Flightplan';

/** Route id of the signed-in app layout (its loader data is the current user). */
export const APP_ROUTE_ID = 'app';
