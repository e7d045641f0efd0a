// POST /api/websites/:id/revenue-imports: sends an Ad Manager or AdSense CSV export as it is and answers what was
// stored, what matched and what did not.
import type { RevenueImportResponse, RevenueSource } from '@foldline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { revenueImportsQueryKey } from './get-revenue-imports.ts';

export interface ImportRevenueReportInput {
  file: Blob;
  /** Told from the report's columns when left out. */
  source?: RevenueSource | undefined;
  /** For a report that names no currency. */
  currency?: string | undefined;
}

export function importRevenueReport(websiteId: string, { file, source, currency }: ImportRevenueReportInput): Promise<RevenueImportResponse> {
  // text/csv whatever the browser calls the file: Windows names a .csv application/vnd.ms-excel.
  return api.request(`/websites/${encodeURIComponent(websiteId)}/revenue-imports`, { method: 'POST', body: file, contentType: 'text/csv', query: { source, currency } });
}

export function useImportRevenueReport(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportRevenueReportInput) => importRevenueReport(websiteId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: revenueImportsQueryKey(websiteId) }),
  });
}
