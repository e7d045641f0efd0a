// /dashboard/settings — the signed-in user's profile, password and data management.
import { useSession } from '../../../lib/session.ts';
import { DataManagementCard } from '../components/data-management-card.tsx';
import { PasswordCard } from '../components/password-card.tsx';
import { ProfileCard } from '../components/profile-card.tsx';

export default function AccountSettingsRoute() {
  const { user } = useSession();
  // The dashboard guard lets only signed-in users here; a session without user info has nothing to edit.
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">Manage your account settings and preferences.</p>
      </div>
      <ProfileCard key={user.user_id} user={user} />
      <PasswordCard userId={user.user_id} />
      <DataManagementCard userId={user.user_id} />
    </div>
  );
}
