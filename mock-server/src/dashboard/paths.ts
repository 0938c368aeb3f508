/**
 * Paths the dashboard owns; anything else is left to the API. Apart from the pages, so that a
 * server can tell a dashboard request without loading them.
 */
export const DASHBOARD_PATH =
  /^\/(?:$|sign-in\/?$|sign-out\/?$|clock(?:\/|$)|requests(?:\/|$)|projects(?:\/|$)|assets\/)/;
