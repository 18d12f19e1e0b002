/** The product name (spec: the page title is the product name unless white-label is enabled). */
export const PRODUCT_NAME = 'Flightplan';
