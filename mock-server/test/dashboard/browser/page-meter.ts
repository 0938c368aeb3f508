import type { Page, Request } from 'playwright-core';

/** What one page costs: bytes over the wire with a cold cache, and when it first painted. */
export interface PageMeasure {
  page: string;
  path: string;
  /** The HTML document: headers and body as received. */
  document_bytes: number;
  /** Everything the page loaded (document, stylesheet, the article frame), headers included. */
  total_bytes: number;
  requests: number;
  /** First contentful paint, milliseconds from the start of navigation. */
  first_contentful_paint_ms: number | null;
}

/**
 * Measures pages with the browser cache off (through the DevTools protocol), so each page counts
 * its stylesheet too. Sizes are Playwright's: response headers plus the body as transferred,
 * for every request of the page, its sandboxed article frame included.
 */
export class PageMeter {
  private finished: Request[] = [];

  private constructor(private readonly page: Page) {
    page.on('requestfinished', (request) => this.finished.push(request));
  }

  static async attach(page: Page): Promise<PageMeter> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    return new PageMeter(page);
  }

  /** Loads `url` and measures it. */
  async measure(name: string, url: string): Promise<PageMeasure> {
    this.finished = [];
    await this.page.goto(url, { waitUntil: 'load' });
    await this.page.waitForLoadState('networkidle');
    const paint = await this.page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    );
    const sizes = await Promise.all(
      this.finished.map(async (request) => {
        const { responseHeadersSize, responseBodySize } = await request.sizes();
        return { request, bytes: responseHeadersSize + responseBodySize };
      }),
    );
    return {
      page: name,
      path: new URL(url).pathname,
      document_bytes: sizes.find(({ request }) => request.url() === url.split('#')[0])?.bytes ?? 0,
      total_bytes: sizes.reduce((sum, { bytes }) => sum + bytes, 0),
      requests: sizes.length,
      first_contentful_paint_ms: paint === null ? null : Math.round(paint),
    };
  }
}
