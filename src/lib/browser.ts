/**
 * The browser's own navigation, in one object so view tests can replace it (jsdom cannot navigate):
 * full page loads for server routes (/organization/switch, /account/switch).
 */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
};
