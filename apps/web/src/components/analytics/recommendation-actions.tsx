// A recommendation's actions (issue 25): mark it applied, or dismiss it with a reason. Either takes it out of the list
// and the optimization potential (the server keeps the record); every analytics answer is asked again.
import { DISMISS_REASON_MESSAGE, type Recommendation, type RecommendationStatusBody, type RecommendationStatusResponse } from '@foldline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';
import { TextArea } from '../ui/text-field.tsx';

export function setRecommendationStatus(body: RecommendationStatusBody): Promise<RecommendationStatusResponse> {
  return api.put('/analytics/recommendations/status', body);
}

function useSetRecommendationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRecommendationStatus,
    // The list, the potential on the KPI cards and the record of applied advice all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['analytics'] }),
  });
}

export function RecommendationActions({ recommendation }: { recommendation: Recommendation }) {
  const status = useSetRecommendationStatus();
  const [dismissing, setDismissing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const dismiss = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length === 0 || trimmed.length > 500) return setReasonError(DISMISS_REASON_MESSAGE);
    status.mutate({ id: recommendation.id, status: 'dismissed', reason: trimmed }, { onSuccess: () => setDismissing(false) });
  };

  return (
    <div className="flex flex-wrap items-center gap-2 pt-1">
      <Button size="sm" variant="secondary" loading={status.isPending && status.variables?.status === 'applied'} disabled={status.isPending} onClick={() => status.mutate({ id: recommendation.id, status: 'applied' })}>
        Mark applied
      </Button>
      <Button size="sm" variant="ghost" disabled={status.isPending} onClick={() => setDismissing(true)}>
        Dismiss
      </Button>
      {status.isError && !dismissing && <Alert variant="error">Could not save: {status.error.message}</Alert>}
      <Modal
        open={dismissing}
        onClose={() => (status.isPending ? undefined : setDismissing(false))}
        title="Dismiss recommendation"
        footer={
          <>
            <Button variant="secondary" disabled={status.isPending} onClick={() => setDismissing(false)}>
              Cancel
            </Button>
            <Button type="submit" form={`dismiss-${recommendation.id}`} loading={status.isPending}>
              Dismiss
            </Button>
          </>
        }
      >
        <form id={`dismiss-${recommendation.id}`} onSubmit={dismiss} className="space-y-3" noValidate>
          <p>It leaves the list and the optimization potential, and comes back only if the evidence changes materially.</p>
          <TextArea
            label="Why?"
            rows={3}
            maxLength={500}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(undefined);
            }}
          />
          {status.isError && <Alert variant="error">Could not save: {status.error.message}</Alert>}
        </form>
      </Modal>
    </div>
  );
}
