// An ad unit's name in the Ad Units table, with an inline rename: the publisher's name is stored for the unit on every
// page and shows everywhere (page analytics, recommendations). Enter saves, Escape cancels; blank or 'Use automatic
// name' gives the unit back the name its ad server knows it by.
import { AD_UNIT_NAME_MAX, type AdUnitRow } from '@foldline/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useRenameAdUnit } from '../api/analytics-ad-units.ts';

export function AdUnitName({ unit }: { unit: Pick<AdUnitRow, 'ad_unit_id' | 'name' | 'named_by_publisher'> }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(unit.name);
  const rename = useRenameAdUnit();

  const save = (name: string | null) =>
    rename.mutate({ adUnitId: unit.ad_unit_id, name }, { onSuccess: () => setEditing(false) });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save(draft.trim() || null);
  };

  if (!editing) {
    return (
      <span className="flex min-w-0 items-center gap-1">
        <span className="truncate font-medium text-slate-900" title={unit.name}>
          {unit.name}
        </span>
        <button
          type="button"
          className="shrink-0 rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          aria-label={`Rename ${unit.name}`}
          title="Rename"
          onClick={() => {
            setDraft(unit.name);
            rename.reset();
            setEditing(true);
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
            <path d="M13.6 2.6a2 2 0 0 1 2.8 2.8l-9 9-3.9 1.1 1.1-3.9 9-9Z" />
          </svg>
        </button>
      </span>
    );
  }
  return (
    <form onSubmit={onSubmit} onKeyDown={(event) => event.key === 'Escape' && setEditing(false)} className="flex flex-wrap items-start gap-2 whitespace-normal">
      <TextField
        label="Ad unit name"
        hideLabel
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        maxLength={AD_UNIT_NAME_MAX}
        autoFocus
        className="min-w-40 flex-1"
        error={rename.isError ? rename.error.message : undefined}
      />
      <Button type="submit" size="sm" disabled={rename.isPending}>
        {rename.isPending ? 'Saving...' : 'Save'}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setEditing(false)} disabled={rename.isPending}>
        Cancel
      </Button>
      {unit.named_by_publisher && (
        <Button variant="secondary" size="sm" onClick={() => save(null)} disabled={rename.isPending}>
          Use automatic name
        </Button>
      )}
    </form>
  );
}
