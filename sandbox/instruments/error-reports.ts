/**
 * The mall's error reports when its collector is the sandbox (MCOIN_ERROR_REPORT_URL pointed at
 * POST /__sandbox/errors): kept in process memory, newest last, the newest MAX_ERRORS only.
 */
import type { CollectedError } from "#core/errors/report";

/** Error reports kept (the newest): a page in a loop of errors cannot fill the memory. */
export const MAX_ERRORS = 200;

export class ErrorReports {
  private reports: CollectedError[] = [];

  collect(report: CollectedError): void {
    this.reports.push(report);
    if (this.reports.length > MAX_ERRORS) this.reports.splice(0, this.reports.length - MAX_ERRORS);
  }

  list(): CollectedError[] {
    return [...this.reports];
  }

  clear(): void {
    this.reports = [];
  }
}
