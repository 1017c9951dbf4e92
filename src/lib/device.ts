// Mobile detection for the layout (spec §9): by user agent, not by width, so a phone in landscape
// still gets the bottom bar and a narrow desktop window still gets the sidebar.

const MOBILE_USER_AGENT = /Mobi|Android|iPhone|iPad/

/** True for the user agents spec §9 names: Mobi, Android, iPhone, iPad. */
export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent)
}

/**
 * The running browser counts as mobile. iPadOS 13+ sends a Macintosh user agent by default, so a
 * Mac that reports touch points is taken for the iPad it is.
 */
export function isMobileDevice(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  return isMobileUserAgent(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1)
}
