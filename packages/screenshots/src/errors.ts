// The one error the screenshot service throws: a message fit for the user and the HTTP status it stands for.
export class ScreenshotError extends Error {
  /** 400: refused or bad URL; 502: the page failed to load; 503: Chromium missing or not starting, or too busy. */
  readonly statusCode: number;

  constructor(statusCode: 400 | 502 | 503, message: string) {
    super(message);
    this.name = 'ScreenshotError';
    this.statusCode = statusCode;
  }
}
