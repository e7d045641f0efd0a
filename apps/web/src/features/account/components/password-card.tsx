// Account settings, Password: current, new and confirmation, checked in the specification's order before sending.
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTransientMessage } from '../../../components/ui/use-transient-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';
import { validatePasswordChange, type PasswordValues } from '../lib/account-validation.ts';
import { ACCOUNT_MESSAGE_MS } from '../lib/messages.ts';

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordCard({ userId }: { userId: string }) {
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const change = useChangePassword(userId);
  const { message, showSuccess, showError, clear } = useTransientMessage(ACCOUNT_MESSAGE_MS);

  const set = (key: keyof PasswordValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    const problem = validatePasswordChange(values);
    if (problem) return showError(problem);
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          // Passwords are not kept in the page once they have done their job.
          setValues(EMPTY);
          showSuccess('Password updated successfully!');
        },
        onError: (error) => showError(errorMessage(error, 'Failed to update password')),
      },
    );
  };

  return (
    <Card title="Password" description="Use at least 8 characters, different from your current password.">
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Password">
        <StatusMessage message={message} />
        <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="New password" name="newPassword" type="password" autoComplete="new-password" value={values.newPassword} onChange={set('newPassword')} />
          <TextField label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={change.isPending} loading={change.isPending}>
            {change.isPending ? 'Updating...' : 'Update Password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
