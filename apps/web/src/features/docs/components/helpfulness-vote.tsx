// 'Was this section helpful?' with Yes/No, recorded by the server; one vote per section per visit.
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useDocVote } from '../api/vote.ts';
import type { DocSectionId } from '../content.tsx';

export function HelpfulnessVote({ section }: { section: DocSectionId }) {
  const vote = useDocVote();
  const [failed, setFailed] = useState(false);

  if (vote.isSuccess) {
    return (
      <p role="status" className="text-sm font-medium text-green-700">
        Thanks for your feedback!
      </p>
    );
  }

  const send = (helpful: boolean) => {
    setFailed(false);
    vote.mutate({ section, helpful }, { onError: () => setFailed(true) });
  };

  return (
    <div>
      <p id={`vote-${section}`} className="text-sm font-medium text-slate-800">
        Was this section helpful?
      </p>
      <div className="mt-2 flex gap-3" role="group" aria-labelledby={`vote-${section}`}>
        <Button variant="secondary" size="sm" disabled={vote.isPending} onClick={() => send(true)}>
          Yes
        </Button>
        <Button variant="secondary" size="sm" disabled={vote.isPending} onClick={() => send(false)}>
          No
        </Button>
      </div>
      {failed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Your vote could not be recorded. Please try again.
        </p>
      )}
    </div>
  );
}
