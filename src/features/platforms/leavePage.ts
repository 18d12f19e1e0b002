/** A full navigation to another site (the platform's consent page); jsdom tests replace this module. */
export function leavePageFor(url: string): void {
  window.location.assign(url);
}
