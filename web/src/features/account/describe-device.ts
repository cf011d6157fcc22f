import { UAParser } from 'ua-parser-js';

/** Browser and operating system read from a user-agent string, for a short "Chrome on Windows". */
export interface DeviceSummary {
  browser: string;
  os: string;
}

/** ua-parser-js's names where a shorter, current one reads better in the sessions list. */
const BROWSER_NAMES: Record<string, string> = {
  'Mobile Safari': 'Safari',
  'Mobile Firefox': 'Firefox',
  'Chrome Headless': 'Chrome',
  'Chrome WebView': 'Chrome',
};
const SYSTEM_NAMES: Record<string, string> = { 'Mac OS': 'macOS', 'Chromium OS': 'ChromeOS' };

/**
 * The browser and system of a user agent (ua-parser-js, whose MIT-licensed 1.x line this uses; 2.x is
 * AGPL), or undefined when either is not recognised.
 */
export function describeDevice(userAgent: string): DeviceSummary | undefined {
  // An empty string would make ua-parser-js read this browser's own navigator.userAgent instead.
  if (userAgent.trim() === '') return undefined;
  const { browser, os } = new UAParser(userAgent).getResult();
  if (!browser.name || !os.name) return undefined;
  return { browser: BROWSER_NAMES[browser.name] ?? browser.name, os: SYSTEM_NAMES[os.name] ?? os.name };
}
