// The one error the screenshot service throws: a message fit for the user and the HTTP status it stands for.
export class ScreenshotError extends Error {
  /** 400: refused or bad URL; 429: the account's share of the queue is full; 502: the page failed to load or took
   * longer than a capture may; 503: Chromium missing or not starting, or the queue full for everyone. */
  readonly statusCode: number;

  constructor(statusCode: 400 | 429 | 502 | 503, message: string) {
    super(message);
    this.name = 'ScreenshotError';
    this.statusCode = statusCode;
  }
}
