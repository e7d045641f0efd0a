// Account settings, Profile: name and email; the saved user replaces the stored one so the top bar follows.
import type { User } from '@foldline/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTransientMessage } from '../../../components/ui/use-transient-message.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { validateProfile } from '../lib/account-validation.ts';
import { ACCOUNT_MESSAGE_MS } from '../lib/messages.ts';

export function ProfileCard({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const update = useUpdateProfile(user.user_id);
  const { message, showSuccess, showError, clear } = useTransientMessage(ACCOUNT_MESSAGE_MS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    const problem = validateProfile({ name, email });
    if (problem) return showError(problem);
    update.mutate(
      { name: name.trim(), email: email.trim() },
      {
        onSuccess: () => showSuccess('Profile updated successfully!'),
        onError: (error) => showError(errorMessage(error, 'Failed to update profile')),
      },
    );
  };

  return (
    <Card title="Profile" description="Your name and the email address you sign in with.">
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Profile">
        <StatusMessage message={message} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="Full name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
          <TextField label="Email address" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending} loading={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
